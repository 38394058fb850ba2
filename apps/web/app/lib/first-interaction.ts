const intents = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'scroll'] as const;

/**
 * Runs `task` once, at the person's first sign of use — the pointer over the page, a touch, a key,
 * a scroll — for work the first screen does not need but the next click might (fetching a
 * dialog's code). Nothing is fetched for a page that is only looked at.
 */
export function onFirstInteraction(task: () => void): void {
  const options = { capture: true, passive: true } as const;
  function run() {
    for (const type of intents) window.removeEventListener(type, run, options);
    task();
  }
  for (const type of intents) window.addEventListener(type, run, options);
}

import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '~/lib/ids';

/** The last submission of a form: what it sent, under which key, and when it was answered. */
export type LastSubmission = {
  signature: string;
  key: string;
  /** When the server accepted it (ms since epoch); undefined while unanswered or after a failure. */
  acceptedAt: number | undefined;
};

/**
 * The Idempotency-Key for a submission. The same one again for the same content when the last try
 * failed or got no answer (a retry must not charge twice), or when it was accepted less than
 * `repeatMs` ago (a repeated press "within seconds" replays what started); a fresh one otherwise —
 * another content, or a deliberate new run after the window.
 */
export function submissionKey(
  last: LastSubmission | undefined,
  signature: string,
  now: number,
  repeatMs: number,
  fresh: () => string = newIdempotencyKey,
): string {
  if (last?.signature !== signature) return fresh();
  if (last.acceptedAt === undefined || now - last.acceptedAt < repeatMs) return last.key;
  return fresh();
}

/**
 * One spending button's submissions: `begin` locks at once (a ref, not state, so a double click's
 * second click — which can arrive before React re-renders — finds it locked and does nothing) and
 * gives the key to send; `end` unlocks. `repeatMs`: how long an accepted submission of the same
 * content is answered by the server as the same (0: a new press is a new run, as in the studio).
 */
export function useSubmission(repeatMs: number) {
  const running = useRef(false);
  const last = useRef<LastSubmission | undefined>(undefined);

  const begin = useCallback(
    (signature: string): string | undefined => {
      if (running.current) return undefined;
      running.current = true;
      const key = submissionKey(last.current, signature, Date.now(), repeatMs);
      last.current = { signature, key, acceptedAt: undefined };
      return key;
    },
    [repeatMs],
  );

  const end = useCallback((accepted: boolean) => {
    running.current = false;
    if (accepted && last.current) last.current = { ...last.current, acceptedAt: Date.now() };
  }, []);

  return { begin, end };
}

/**
 * Brings what a button started into view once it is on the page (it may render a moment later,
 * after its first answer): found by `selector`, looked for during a few seconds.
 */
export function revealWhenShown(selector: string, waitMs = 5000): void {
  const until = Date.now() + waitMs;
  const look = () => {
    const element = document.querySelector(selector);
    if (element) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
      return;
    }
    if (Date.now() < until) window.setTimeout(look, 50);
  };
  requestAnimationFrame(look);
}

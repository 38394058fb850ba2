/**
 * Settings the server hands the signed-in app's page (the SPA shell) as `<meta name content>`
 * tags, read once by the app: no inline script (the page's policy allows none it did not hash) and
 * no extra request. Absent when unset.
 */
export const pageConfigMeta = {
  /** The Yandex Metrika counter id (METRIKA_COUNTER_ID): only then does the app load the tag. */
  metrikaCounter: 'kadr-metrika-counter',
} as const;

/** Where the Metrika tag and its hits come from; the page's policy names it only when configured. */
export const metrikaOrigin = 'https://mc.yandex.ru';

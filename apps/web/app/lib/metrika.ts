import { metrikaOrigin, pageConfigMeta } from '@kadr/contract';
import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * Yandex Metrika (integrations.md §F), only where the server configured a counter: it names the
 * counter in a `<meta>` of the signed-in app's page, and only then does anything load or leave.
 * The tag's usual inline snippet would break the page's policy, so its queue stub is set up here
 * and the tag itself loads from mc.yandex.ru (which that page's policy then allows). Every failure
 * is only logged (spec §7).
 */

type Ym = ((counter: number, method: string, ...args: unknown[]) => void) & {
  a?: unknown[][];
  l?: number;
};

type MetrikaWindow = Window & { ym?: Ym };

const tagUrl = `${metrikaOrigin}/metrika/tag.js`;
/** Remembered reported payments; the oldest are forgotten beyond this. */
const rememberedPurchases = 50;

let started: number | null = null;

/** The counter id the server put in the page, or null (then nothing ever loads). */
export function metrikaCounterId(): number | null {
  const content = document
    .querySelector(`meta[name="${pageConfigMeta.metrikaCounter}"]`)
    ?.getAttribute('content');
  return content && /^\d{1,12}$/.test(content) ? Number(content) : null;
}

function call(method: string, ...args: unknown[]): boolean {
  const counter = startMetrika();
  if (counter === null) return false;
  try {
    (window as MetrikaWindow).ym?.(counter, method, ...args);
    return true;
  } catch (error) {
    console.warn(`Metrika: ${method} failed`, error);
    return false;
  }
}

/**
 * Loads the tag once per page when a counter is configured (the tag counts this page view);
 * returns the counter, or null when there is none.
 */
function startMetrika(): number | null {
  if (started !== null) return started;
  const counter = metrikaCounterId();
  if (counter === null) return null;
  started = counter;
  const target = window as MetrikaWindow;
  // The tag's own bootstrap: calls made before it loads wait in `ym.a`.
  if (!target.ym) {
    const ym: Ym = (...args: unknown[]) => {
      ym.a ??= [];
      ym.a.push(args);
    };
    ym.l = Date.now();
    target.ym = ym;
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = tagUrl;
  script.onerror = () => console.warn('Metrika: the tag did not load');
  document.head.append(script);
  try {
    target.ym?.(counter, 'init', {
      clickmap: false,
      trackLinks: true,
      accurateTrackBounce: true,
      webvisor: false,
    });
  } catch (error) {
    console.warn('Metrika: init failed', error);
  }
  return counter;
}

/**
 * A page view: the first starts the counter (the tag counts the page it loads on), each later
 * in-app navigation is reported from the address before it (`useMetrikaPageViews`).
 */
export function pageView(url: string, previous: string | null): void {
  if (previous === null) startMetrika();
  else call('hit', url, { referer: previous });
}

function reportedPurchases(): string[] {
  try {
    const value: unknown = JSON.parse(readStorage(storageKeys.reportedPurchases) ?? '[]');
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The `purchase` goal with the price and currency (spec §7), once per payment whatever reloads or
 * tabs show its success: reported ids are remembered on this device.
 */
export function reportPurchase(payment: { id: string; amount: string; currency: string }): void {
  if (metrikaCounterId() === null) return;
  const reported = reportedPurchases();
  if (reported.includes(payment.id)) return;
  const price = Number(payment.amount);
  const sent = call('reachGoal', 'purchase', {
    order_price: Number.isFinite(price) ? price : 0,
    currency: payment.currency,
  });
  if (!sent) return;
  writeStorage(
    storageKeys.reportedPurchases,
    JSON.stringify([...reported, payment.id].slice(-rememberedPurchases)),
  );
}

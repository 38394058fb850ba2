import type { Currency } from '@kadr/contract';
import { createPayment } from '~/features/generations/api';
import { prefersSameWindow } from '~/lib/device';
import { readStorage, storageKeys } from '~/lib/storage';

/** What buying needs from the browser; tests pass fakes. */
export type PurchaseEnvironment = {
  /** The device check: leave in this window (phones, in-app browsers) or open a tab. */
  sameWindow: () => boolean;
  /** Opens an empty tab now, while the click still counts (a later one is a blocked pop-up). */
  openTab: () => Window | null;
  /** Leaves this page for `url`. */
  leave: (url: string) => void;
  /** The referrer remembered from a `?ref=` link, if any. */
  referral: () => string | null;
};

const browser: PurchaseEnvironment = {
  sameWindow: () => prefersSameWindow(),
  openTab: () => window.open('about:blank', '_blank'),
  leave: (url) => window.location.assign(url),
  referral: () => readStorage(storageKeys.referral),
};

/**
 * Buys the package of `tokens` tokens: asks the server for the provider's payment page and opens
 * it — here on phones and in in-app browsers, else in a new tab, which is opened at once (during
 * the click) and pointed at the page when it is known. Resolves with where the page opened; on
 * failure the tab is closed again and the error (the spec's 'Payment creation failed: …') thrown.
 */
export async function buyPackage(
  tokens: number,
  currency: Currency,
  environment: PurchaseEnvironment = browser,
  placeholder?: string,
): Promise<'tab' | 'here'> {
  const tab = environment.sameWindow() ? null : environment.openTab();
  if (tab) {
    // The provider's page must not be able to navigate ours (reverse tabnabbing).
    tab.opener = null;
    if (placeholder) {
      try {
        tab.document.title = placeholder;
        tab.document.body.textContent = placeholder;
      } catch {
        // Only a courtesy while the page is found.
      }
    }
  }
  try {
    const url = await createPayment(tokens, environment.referral(), currency);
    if (tab && !tab.closed) {
      tab.location.href = url;
      return 'tab';
    }
    // A blocked pop-up, or the person closed the tab meanwhile: go from here.
    environment.leave(url);
    return 'here';
  } catch (error) {
    tab?.close();
    throw error;
  }
}

import type { Currency } from '@kadr/contract';
import { ClientError } from '~/features/generations/api';
import { prefersSameWindow } from '~/lib/device';
import { readStorage, storageKeys } from '~/lib/storage';
import { createPayment } from './api';

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

/** What is bought: the package of `tokens` in `currency`, and the receipt's e-mail once asked. */
export type Purchase = { tokens: number; currency: Currency; email?: string };

/**
 * Buys a package: asks the server for the provider's payment page and opens it — here on phones
 * and in in-app browsers, else in a new tab, which is opened at once (during the click) and
 * pointed at the page when it is known. Resolves with where the page opened; on failure the tab
 * is closed again and the error (the spec's 'Payment creation failed: …') thrown.
 */
export async function buyPackage(
  purchase: Purchase,
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
    const url = await createPayment(
      purchase.tokens,
      environment.referral(),
      purchase.currency,
      purchase.email,
    );
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

/** Why the server wants an e-mail for the receipt: none on the account, or a bad one given. */
export type ReceiptEmailProblem = 'email_required' | 'email_invalid';

/**
 * Whether a failed purchase is the server asking for the 54-FZ receipt's e-mail (a 400 naming
 * `email`), and which way; null for any other failure.
 */
export function receiptEmailProblem(error: unknown): ReceiptEmailProblem | null {
  if (!(error instanceof ClientError) || error.status !== 400) return null;
  const field = error.problem?.fieldErrors.find((item) => item.field === 'email');
  if (!field) return null;
  return field.code === 'email_invalid' ? 'email_invalid' : 'email_required';
}

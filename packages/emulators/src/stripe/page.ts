import { escapeHtml } from '../payment-notifications/delivery.ts';

export type StripeCheckoutPage = {
  businessName: string;
  productName: string;
  amountMinor: number;
  currency: string;
  email: string | null;
  status: 'open' | 'complete' | 'expired';
  payAction: string;
  cancelAction: string;
  successUrl: string | null;
};

/** 1299, 'usd' → '$12.99'. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(minor / 100);
}

/** Stripe Checkout's hosted page, in English, without JavaScript. */
export function renderStripeCheckoutPage(page: StripeCheckoutPage): string {
  const total = formatMoney(page.amountMinor, page.currency);
  const actions =
    page.status === 'open'
      ? `<form method="post" action="${escapeHtml(page.payAction)}">
            <button type="submit" class="pay">Pay</button>
          </form>
          <form method="post" action="${escapeHtml(page.cancelAction)}">
            <button type="submit" class="cancel">Cancel</button>
          </form>`
      : page.status === 'complete'
        ? `<p class="status" role="status">This payment is already complete.</p>
          ${page.successUrl ? `<a class="cancel" href="${escapeHtml(page.successUrl)}">Return to ${escapeHtml(page.businessName)}</a>` : ''}`
        : '<p class="status" role="status">This Checkout Session is no longer active.</p>';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(page.businessName)} – Checkout</title>
    <link rel="icon" href="data:,">
    <style>
      *, *::before, *::after { box-sizing: border-box; }
      body { margin: 0; min-height: 100vh; color: #1a1a1a; background: #fff;
        font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Ubuntu, sans-serif; }
      .layout { display: grid; max-width: 920px; margin: 0 auto; padding: 24px 16px; gap: 32px; }
      @media (min-width: 800px) { .layout { grid-template-columns: 1fr 1fr; padding: 64px 24px; gap: 64px; } }
      .merchant { font-weight: 500; color: #1a1a1a; margin: 0 0 24px; display: flex; align-items: center; gap: 8px; }
      .merchant .mark { width: 28px; height: 28px; border-radius: 50%; background: #635bff; color: #fff;
        display: inline-grid; place-items: center; font-size: 14px; font-weight: 600; }
      .test { font-size: 12px; font-weight: 600; text-transform: uppercase; color: #a04100; background: #ffde92;
        border-radius: 4px; padding: 1px 6px; }
      .product { color: #545969; margin: 0; font-size: 16px; overflow-wrap: anywhere; }
      h1 { margin: 4px 0 24px; font-size: 36px; font-weight: 600; letter-spacing: -0.02em; }
      .line { display: flex; justify-content: space-between; gap: 12px; padding: 12px 0; border-top: 1px solid #e6e6e6;
        font-size: 14px; }
      .pane h2 { font-size: 20px; font-weight: 500; margin: 0 0 16px; }
      .field { border: 1px solid #e0e0e0; border-radius: 6px; padding: 10px 12px; margin: 0 0 12px;
        font-size: 15px; color: #30313d; box-shadow: 0 1px 1px rgb(0 0 0 / 0.03); }
      .field span { display: block; font-size: 13px; color: #6d6e78; }
      .actions { display: grid; gap: 12px; margin-top: 20px; }
      form { margin: 0; }
      .pay, .cancel { display: block; width: 100%; font: inherit; font-weight: 600; text-align: center;
        text-decoration: none; padding: 12px 16px; border-radius: 6px; cursor: pointer; min-height: 48px; }
      .pay { border: 0; background: #0074d4; color: #fff; }
      .pay:hover { background: #005fb0; }
      .cancel { border: 1px solid #d5d5d5; background: #fff; color: #30313d; }
      .cancel:hover { background: #f6f8fa; }
      .pay:focus-visible, .cancel:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
      .status { margin: 0; padding: 12px 16px; border-radius: 6px; background: #f6f8fa; }
      .notice { margin: 20px 0 0; font-size: 13px; color: #6d6e78; }
    </style>
  </head>
  <body>
    <div class="layout">
      <section aria-label="Order summary">
        <p class="merchant"><span class="mark" aria-hidden="true">${escapeHtml(page.businessName.slice(0, 1))}</span>${escapeHtml(page.businessName)} <span class="test">Test mode</span></p>
        <p class="product">${escapeHtml(page.productName)}</p>
        <h1>${total}</h1>
        <div class="line"><span>Total due</span><span>${total}</span></div>
      </section>
      <main class="pane" aria-labelledby="pay-title">
        <h2 id="pay-title">Pay with card</h2>
        <p class="field"><span>Email</span>${escapeHtml(page.email ?? 'customer@example.com')}</p>
        <p class="field"><span>Card information</span>4242 4242 4242 4242 · 12/34 · 123</p>
        <div class="actions">
          ${actions}
        </div>
        <p class="notice">This is a local stand-in for Stripe Checkout: no card is charged and nothing leaves this computer.</p>
      </main>
    </div>
  </body>
</html>
`;
}

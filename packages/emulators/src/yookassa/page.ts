import { escapeHtml } from '../payment-notifications/delivery.ts';

/** What the hosted payment page shows and where its two forms post. */
export type CheckoutPage = {
  shopName: string;
  description: string | undefined;
  amountMinor: number;
  paymentId: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  payAction: string;
  cancelAction: string;
  returnUrl: string | undefined;
};

/** 130000 → '1 300,00 ₽' (a no-break space between thousands, as YooKassa prints it). */
function formatRubles(minor: number): string {
  const formatted = new Intl.NumberFormat('ru-RU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
  return `${formatted}\u00a0₽`;
}

const STATUS_TEXT: Record<CheckoutPage['status'], string> = {
  pending: 'Платёж ожидает оплаты.',
  waiting_for_capture: 'Платёж ожидает подтверждения магазином.',
  succeeded: 'Этот заказ уже оплачен.',
  canceled: 'Платёж отменён. Оплатить этот заказ больше нельзя.',
};

/** YooKassa's hosted payment page, in Russian, without JavaScript. */
export function renderCheckoutPage(page: CheckoutPage): string {
  const open = page.status === 'pending';
  const description = page.description
    ? `<p class="description">${escapeHtml(page.description)}</p>`
    : '';
  const actions = open
    ? `<form method="post" action="${escapeHtml(page.payAction)}">
          <button type="submit" class="primary">Оплатить</button>
        </form>
        <form method="post" action="${escapeHtml(page.cancelAction)}">
          <button type="submit" class="secondary">Отменить</button>
        </form>`
    : `<p class="status" role="status">${STATUS_TEXT[page.status]}</p>
        ${page.returnUrl ? `<a class="secondary" href="${escapeHtml(page.returnUrl)}">Вернуться в магазин</a>` : ''}`;
  const body = `<header class="top">
      <span class="logo">Ю<span>Kassa</span></span>
      <span class="test">Тестовый платёж</span>
    </header>
    <main class="card" aria-labelledby="title">
      <p class="shop">${escapeHtml(page.shopName)}</p>
      <h1 id="title"><span class="visually-hidden">К оплате: </span>${formatRubles(page.amountMinor)}</h1>
      ${description}
      <dl class="details">
        <div><dt>Номер заказа</dt><dd><code>${escapeHtml(page.paymentId)}</code></dd></div>
        <div><dt>Способ оплаты</dt><dd>Банковская карта •••• 4444</dd></div>
      </dl>
      <div class="actions">
        ${actions}
      </div>
      <p class="notice">Это локальная замена ЮKassa: деньги не списываются, данные никуда не уходят.</p>
    </main>`;
  return `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Оплата заказа – ЮKassa</title>
    <link rel="icon" href="data:,">
    <style>
      *, *::before, *::after { box-sizing: border-box; }
      body { margin: 0; min-height: 100vh; background: #f2f3f5; color: #000;
        font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
      .top { display: flex; align-items: center; justify-content: space-between; gap: 12px;
        max-width: 480px; margin: 0 auto; padding: 20px 16px 12px; }
      .logo { font-size: 22px; font-weight: 700; letter-spacing: -0.02em; }
      .logo span { color: #7a3cf0; }
      .test { font-size: 13px; color: #5c5c5c; background: #fff; border-radius: 999px; padding: 4px 12px; }
      .card { max-width: 480px; margin: 0 auto 24px; background: #fff; border-radius: 24px;
        padding: 28px 24px; box-shadow: 0 4px 24px rgb(0 0 0 / 0.06); }
      .shop { margin: 0; color: #5c5c5c; font-size: 15px; }
      h1 { margin: 4px 0 8px; font-size: 32px; font-weight: 700; line-height: 1.2; }
      .description { margin: 0 0 16px; font-size: 17px; overflow-wrap: anywhere; }
      .details { margin: 0 0 24px; display: grid; gap: 8px; font-size: 14px; }
      .details div { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; }
      dt { color: #5c5c5c; }
      dd { margin: 0; overflow-wrap: anywhere; }
      code { font-size: 13px; }
      .actions { display: grid; gap: 12px; }
      form { margin: 0; }
      .primary, .secondary { display: block; width: 100%; font: inherit; font-size: 17px; font-weight: 600;
        text-align: center; text-decoration: none; padding: 14px 20px; border-radius: 12px; cursor: pointer;
        border: 0; min-height: 48px; }
      .primary { background: #7a3cf0; color: #fff; }
      .primary:hover { background: #6a2fe0; }
      .secondary { background: #eceef1; color: #000; }
      .secondary:hover { background: #e1e3e8; }
      .primary:focus-visible, .secondary:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
      .status { margin: 0; padding: 12px 16px; border-radius: 12px; background: #f2f3f5; }
      .notice { margin: 20px 0 0; font-size: 13px; color: #5c5c5c; }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
        white-space: nowrap; }
    </style>
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}

export function renderNotFoundPage(): string {
  return `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Платёж не найден – ЮKassa</title>
  </head>
  <body style="font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 24px 16px;">
    <main>
      <h1>Платёж не найден</h1>
      <p>Вернитесь в магазин и начните оплату заново.</p>
    </main>
  </body>
</html>
`;
}

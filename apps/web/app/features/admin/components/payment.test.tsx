import '~/locales/admin';
import type { AdminPaymentDetail, AdminPaymentRefund } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { Payment } from './payment';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('~/lib/toast', () => ({ toast }));

const paid: AdminPaymentDetail = {
  id: 'pay-1',
  created: '2026-05-01T10:00:00.000Z',
  updated: '2026-05-01T10:00:05.000Z',
  user_id: 'u1',
  user_email: 'ann@example.com',
  provider: 'yookassa',
  provider_payment_id: 'yk-1',
  status: 'succeeded',
  amount: '1300.00',
  currency: 'RUB',
  tokens: 600,
  reversed_tokens: 0,
  package_id: 'rub-600',
  cancel_reason: null,
  succeeded_at: '2026-05-01T10:00:05.000Z',
  closed_at: null,
  reversed_minor: 0,
  amount_minor: 130_000,
  shortfall_tokens: 0,
  referrer_id: null,
  commission_tokens: 0,
  ledger: [],
  events: [],
};
const review: AdminPaymentDetail = { ...paid, status: 'review', succeeded_at: null };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

/** The payment as read, and the refund's answer (the payment after it, and the refund). */
function serve(detail: AdminPaymentDetail, refund: AdminPaymentRefund['refund']) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/api/admin/payments/pay-1') return json(200, detail);
    if (method === 'POST' && path === '/api/admin/payments/pay-1/refund') {
      const after: AdminPaymentRefund = {
        ...detail,
        reversed_minor: refund.status === 'succeeded' ? refund.amount_minor : 0,
        refund,
      };
      return json(200, after);
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPayment() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <Payment id="pay-1" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

async function refund(labels: { open: string; submit: string }) {
  fireEvent.click(await screen.findByRole('button', { name: labels.open }));
  const reason = screen.getByRole('textbox');
  fireEvent.change(reason, { target: { value: 'Asked by the buyer' } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

const english = { open: 'Refund through the provider', submit: 'Refund' };
const russian = { open: 'Вернуть деньги через провайдера', submit: 'Вернуть' };
const normalised = (text: unknown) => String(text).replace(/\s/g, ' ');

beforeEach(async () => {
  toast.success.mockReset();
  toast.error.mockReset();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('refunding a payment from the console', () => {
  it('refunded, tokens taken back', async () => {
    const fetch = serve(paid, { status: 'succeeded', amount_minor: 130_000, tokens_settled: true });
    renderPayment();
    await refund(english);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(normalised(toast.success.mock.calls[0]?.[0])).toBe(
      'Refunded RUB 1,300.00; tokens taken back',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/payments/pay-1/refund',
      expect.objectContaining({ method: 'POST', body: '{"reason":"Asked by the buyer"}' }),
    );
  });

  it('refunded, tokens taken back by the next reconciliation', async () => {
    serve(paid, { status: 'succeeded', amount_minor: 130_000, tokens_settled: false });
    renderPayment();
    await refund(english);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(normalised(toast.success.mock.calls[0]?.[0])).toBe(
      'Refunded RUB 1,300.00; the tokens will be taken back by the next reconciliation, within minutes',
    );
  });

  it('requested, the provider still processing it', async () => {
    serve(paid, { status: 'pending', amount_minor: 130_000, tokens_settled: false });
    renderPayment();
    await refund(english);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(normalised(toast.success.mock.calls[0]?.[0])).toBe(
      'Refund of RUB 1,300.00 requested; the provider is still processing it, and the tokens are taken back when it confirms',
    );
  });

  it('refused by the provider: an error, and the form stays open', async () => {
    serve(paid, { status: 'failed', amount_minor: 0, tokens_settled: true });
    renderPayment();
    await refund(english);
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith(
      'Not done: the provider refused the refund; no money was returned and no tokens were taken back',
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: english.open })).toBeTruthy();
  });

  it('in Russian, each outcome', async () => {
    await i18n.changeLanguage('ru');
    const outcomes: [AdminPaymentRefund['refund'], string][] = [
      [
        { status: 'succeeded', amount_minor: 130_000, tokens_settled: true },
        'Возвращено 1 300,00 ₽, токены списаны',
      ],
      [
        { status: 'succeeded', amount_minor: 130_000, tokens_settled: false },
        'Возвращено 1 300,00 ₽; токены спишутся при ближайшей сверке, в течение нескольких минут',
      ],
      [
        { status: 'pending', amount_minor: 130_000, tokens_settled: false },
        'Возврат 1 300,00 ₽ запрошен, провайдер ещё переводит деньги; токены спишутся, когда он подтвердит',
      ],
    ];
    for (const [answer, message] of outcomes) {
      toast.success.mockReset();
      serve(paid, answer);
      renderPayment();
      await refund(russian);
      await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
      expect(normalised(toast.success.mock.calls[0]?.[0])).toBe(message);
      cleanup();
    }
    serve(paid, { status: 'failed', amount_minor: 0, tokens_settled: true });
    renderPayment();
    await refund(russian);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Не выполнено: провайдер отказал в возврате — деньги не возвращены, токены не списаны',
      ),
    );
  });

  it('a payment under review is explained and refundable; nothing had been credited', async () => {
    serve(review, { status: 'succeeded', amount_minor: 130_000, tokens_settled: true });
    renderPayment();
    await screen.findByText(/not with the amount or currency it was opened with/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Under review');
    await refund(english);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(normalised(toast.success.mock.calls[0]?.[0])).toBe(
      'Refunded RUB 1,300.00; no tokens had been credited for this payment',
    );
  });

  it('offers no refund for a cancelled payment or one refunded in full', async () => {
    serve(
      { ...paid, status: 'canceled', succeeded_at: null },
      {
        status: 'failed',
        amount_minor: 0,
        tokens_settled: true,
      },
    );
    renderPayment();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: english.open })).toBeNull();
    cleanup();
    serve(
      { ...paid, reversed_minor: 130_000, reversed_tokens: 600 },
      {
        status: 'failed',
        amount_minor: 0,
        tokens_settled: true,
      },
    );
    renderPayment();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: english.open })).toBeNull();
  });
});

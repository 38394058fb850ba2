import '~/locales/app';
import type { PaymentRecord, User } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { SessionProvider, useSession } from '~/lib/session';
import { TopUpDialog } from './top-up-dialog';

const confetti = vi.hoisted(() => vi.fn());
const create = vi.hoisted(() => vi.fn(() => confetti));
vi.mock('canvas-confetti', () => ({ default: { create } }));

const user: User = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  tokens: 625,
  verified: true,
  created: '2026-05-01T10:00:00.000Z',
  updated: '2026-05-01T10:00:00.000Z',
};

const pending: PaymentRecord = {
  id: 'pay-1',
  created: '2026-05-01T10:00:00.000Z',
  updated: '2026-05-01T10:00:00.000Z',
  provider: 'stripe',
  status: 'pending',
  tokens: 500,
  amount: '12.99',
  currency: 'USD',
  reversed_tokens: 0,
};
const succeeded = { ...pending, status: 'succeeded', updated: '2026-05-01T10:00:05.000Z' } as const;
const canceled = { ...pending, status: 'canceled', updated: '2026-05-01T10:00:05.000Z' } as const;
const review = { ...pending, status: 'review', updated: '2026-05-01T10:00:05.000Z' } as const;

type Route = (method: string, path: string) => Response | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

/** The network boundary: the session refresh, then whatever the test answers. */
function serve(route: Route) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/refresh') return json(200, user);
    const answer = route(method, path);
    if (!answer) throw new Error(`unexpected ${method} ${path}`);
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderAt(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/profile${search}`]}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <Signed>
            <TopUpDialog />
          </Signed>
        </SessionProvider>
        <Address />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The dialog lives under the signed-in layout, which renders once a user is known. */
function Signed({ children }: { children: ReactNode }) {
  const { user: current } = useSession();
  return current ? children : null;
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the session hint the app reads.
  document.cookie = 'kadr_auth=1; path=/';
  localStorage.clear();
  confetti.mockReset();
  reducedMotion(false);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the top-up dialog', () => {
  it('says the confirmation is on its way, then congratulates live with 20 pieces of confetti', async () => {
    let answer: PaymentRecord = pending;
    serve((_method, path) => (path === '/api/payments/pay-1' ? json(200, answer) : undefined));
    renderAt('?topUp=pay-1');

    await screen.findByRole('dialog', { name: 'Confirming your payment' });
    await screen.findByText(/waiting for Stripe to confirm it/);
    expect(confetti).not.toHaveBeenCalled();

    answer = succeeded;
    await screen.findByRole('dialog', { name: 'Thank you for your purchase!' }, { timeout: 4000 });
    expect(screen.getByText('500 credits have been added to your balance.')).toBeTruthy();
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    expect(confetti).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 20 }));
    // On the page itself: the policy allows no worker from a blob: URL.
    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
  });

  it('Continue closes it and removes the parameter', async () => {
    serve((_method, path) => (path === '/api/payments/pay-1' ? json(200, succeeded) : undefined));
    renderAt('?tab=1&topUp=pay-1');
    await screen.findByRole('dialog', { name: 'Thank you for your purchase!' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('address').textContent).toBe('?tab=1');
  });

  it('Escape closes it too and removes the parameter', async () => {
    serve((_method, path) => (path === '/api/payments/pay-1' ? json(200, pending) : undefined));
    renderAt('?topUp=pay-1');
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('address').textContent).toBe('');
  });

  it('in Russian speaks of credits with the right plural', async () => {
    await i18n.changeLanguage('ru');
    serve((_method, path) =>
      path === '/api/payments/pay-1'
        ? json(200, { ...succeeded, provider: 'yookassa', tokens: 600, currency: 'RUB' })
        : undefined,
    );
    renderAt('?topUp=pay-1');
    await screen.findByRole('dialog', { name: 'Спасибо за покупку!' });
    expect(screen.getByText('На ваш баланс зачислено 600 кредитов.')).toBeTruthy();
    expect(screen.getByText('Ваш баланс: 625 кредитов')).toBeTruthy();
  });

  it('back through Stripe’s cancel: closes the payment first, then no congratulations', async () => {
    const fetch = serve((method, path) => {
      if (method === 'POST' && path === '/api/payments/pay-1/cancel') return json(200, canceled);
      if (path === '/api/payments/pay-1') return json(200, canceled);
      return undefined;
    });
    renderAt('?topUp=pay-1&cancelled=1');
    await screen.findByRole('dialog', { name: 'Payment cancelled' });
    expect(screen.getByText(/Nothing was charged/)).toBeTruthy();
    const calls = fetch.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path}`);
    expect(calls.indexOf('POST /api/payments/pay-1/cancel')).toBeGreaterThan(-1);
    expect(calls.filter((call) => call === 'GET /api/payments/pay-1').length).toBeLessThanOrEqual(
      1,
    );
    expect(confetti).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Choose a package' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('a payment under review is received and being checked, not cancelled nor celebrated', async () => {
    serve((_method, path) => (path === '/api/payments/pay-1' ? json(200, review) : undefined));
    renderAt('?topUp=pay-1');
    const dialog = await screen.findByRole('dialog', {
      name: 'Payment received, we are checking it',
    });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'Stripe reports the payment went through, but for a different amount or currency than the order. So no credits have been added yet: someone from our team will check the payment by hand.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'After the check, the credits will arrive on your balance or the money will be returned to you. There is nothing you need to do; you can close this window.',
      ),
    ).toBeTruthy();
    const support = screen.getByRole('link', { name: 'Contact support (opens in a new tab)' });
    expect(support.getAttribute('href')).toBe('https://t.me/kadr_support_bot');
    expect(dialog.textContent).not.toMatch(/cancel/i);
    expect(screen.queryByRole('link', { name: 'Choose a package' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('in Russian the review says the same, naming YooKassa', async () => {
    await i18n.changeLanguage('ru');
    serve((_method, path) =>
      path === '/api/payments/pay-1'
        ? json(200, { ...review, provider: 'yookassa', tokens: 600, currency: 'RUB' })
        : undefined,
    );
    renderAt('?topUp=pay-1');
    const dialog = await screen.findByRole('dialog', { name: 'Оплата получена, проверяем её' });
    expect(
      screen.getByText(
        'По данным ЮKassa, оплата прошла, но сумма или валюта отличаются от заказа. Поэтому кредиты пока не зачислены: платёж вручную проверит наш сотрудник.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'После проверки кредиты придут на баланс или деньги вернутся к вам. Делать ничего не нужно — окно можно закрыть.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Вопросы об этом платеже можно задать поддержке в Telegram.'),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Написать в поддержку (откроется в новой вкладке)' }),
    ).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/отмен/i);
  });

  it('an unknown or someone else’s payment gets a neutral message', async () => {
    serve((_method, path) =>
      path === '/api/payments/nope'
        ? json(404, { type: 'about:blank', title: 'Not Found', status: 404 })
        : undefined,
    );
    renderAt('?topUp=nope');
    await screen.findByRole('dialog', { name: 'Payment not found' });
    expect(confetti).not.toHaveBeenCalled();
  });

  it('throws no confetti for people who prefer less motion', async () => {
    reducedMotion(true);
    serve((_method, path) => (path === '/api/payments/pay-1' ? json(200, succeeded) : undefined));
    renderAt('?topUp=pay-1');
    await screen.findByRole('dialog', { name: 'Thank you for your purchase!' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).not.toHaveBeenCalled();
  });
});

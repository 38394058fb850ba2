import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyPackage, type PurchaseEnvironment, receiptEmailProblem } from './buy';

const checkout = 'https://yookassa.example/checkout/abc';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: {
          'content-type': status < 300 ? 'application/json' : 'application/problem+json',
        },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function fakeTab() {
  return { opener: {}, closed: false, location: { href: 'about:blank' }, close: vi.fn() };
}

function environment(options: { sameWindow: boolean; tab?: ReturnType<typeof fakeTab> | null }) {
  const tab = options.tab === undefined ? fakeTab() : options.tab;
  const env = {
    sameWindow: () => options.sameWindow,
    openTab: vi.fn(() => tab as unknown as Window | null),
    leave: vi.fn(),
    referral: () => 'referrer-1',
  } satisfies PurchaseEnvironment;
  return { env, tab };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buying a package', () => {
  it('asks for the package by its tokens, with the stored referral and the currency', async () => {
    const fetch = answer(200, { url: checkout });
    const { env } = environment({ sameWindow: true });
    await buyPackage({ tokens: 600, currency: 'RUB' }, env);
    expect(fetch).toHaveBeenCalledWith(
      '/api/create-payment',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ amount: '600', referral: 'referrer-1', currency: 'RUB' }),
      }),
    );
  });

  it('on phones and in-app browsers leaves in the same window, opening no tab', async () => {
    answer(200, { url: checkout });
    const { env } = environment({ sameWindow: true });
    await expect(buyPackage({ tokens: 600, currency: 'RUB' }, env)).resolves.toBe('here');
    expect(env.openTab).not.toHaveBeenCalled();
    expect(env.leave).toHaveBeenCalledWith(checkout);
  });

  it('elsewhere opens the tab during the click, then points it at the payment page', async () => {
    answer(200, { url: checkout });
    const { env, tab } = environment({ sameWindow: false });
    const bought = buyPackage({ tokens: 500, currency: 'USD' }, env);
    // Opened synchronously, before the server has answered: a pop-up blocker allows that.
    expect(env.openTab).toHaveBeenCalledTimes(1);
    expect(tab?.opener).toBeNull();
    await expect(bought).resolves.toBe('tab');
    expect(tab?.location.href).toBe(checkout);
    expect(env.leave).not.toHaveBeenCalled();
  });

  it('goes from this window when the pop-up was blocked', async () => {
    answer(200, { url: checkout });
    const { env } = environment({ sameWindow: false, tab: null });
    await expect(buyPackage({ tokens: 500, currency: 'USD' }, env)).resolves.toBe('here');
    expect(env.leave).toHaveBeenCalledWith(checkout);
  });

  it('a failure closes the tab again and is the spec’s wrapped error', async () => {
    answer(502, { type: 'about:blank', title: 'Bad Gateway', status: 502, detail: 'down' });
    const { env, tab } = environment({ sameWindow: false });
    await expect(buyPackage({ tokens: 600, currency: 'RUB' }, env)).rejects.toThrow(
      'Payment creation failed: down',
    );
    expect(tab?.close).toHaveBeenCalled();
    expect(env.leave).not.toHaveBeenCalled();
  });

  it('sends the receipt’s e-mail when it has one', async () => {
    const fetch = answer(200, { url: checkout });
    const { env } = environment({ sameWindow: true });
    await buyPackage({ tokens: 600, currency: 'RUB', email: 'ann@example.com' }, env);
    expect(fetch).toHaveBeenCalledWith(
      '/api/create-payment',
      expect.objectContaining({
        body: JSON.stringify({
          amount: '600',
          referral: 'referrer-1',
          currency: 'RUB',
          email: 'ann@example.com',
        }),
      }),
    );
  });
});

describe('a purchase that needs the receipt’s e-mail', () => {
  const problem = (errors: unknown[], status = 400) => ({
    type: 'about:blank',
    title: 'Bad Request',
    status,
    detail: 'The receipt needs an e-mail.',
    errors,
  });

  it('is told apart by the 400 naming email, and which way', async () => {
    const { env } = environment({ sameWindow: true });
    const failure = (body: unknown, status = 400) => {
      answer(status, body);
      return buyPackage({ tokens: 600, currency: 'RUB' }, env).catch((error: unknown) => error);
    };
    const required = { field: 'email', code: 'email_required', message: 'E-mail required' };
    const invalid = { field: 'email', code: 'email_invalid', message: 'Not an e-mail' };
    const other = { field: 'amount', code: 'unknown_package', message: 'No such package' };
    expect(receiptEmailProblem(await failure(problem([required])))).toBe('email_required');
    expect(receiptEmailProblem(await failure(problem([invalid])))).toBe('email_invalid');
    expect(receiptEmailProblem(await failure(problem([other])))).toBeNull();
    expect(receiptEmailProblem(await failure(problem([required], 502), 502))).toBeNull();
    expect(receiptEmailProblem(new Error('email'))).toBeNull();
  });
});

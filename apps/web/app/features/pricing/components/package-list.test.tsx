import '~/locales/app';
import { tokenPackages } from '@kadr/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { PackageList } from './package-list';

const items = (currency: 'RUB' | 'USD', language: 'ru' | 'en') =>
  tokenPackages[currency].map((item) => ({
    ...item,
    name: item.name[language],
    description: item.description[language],
  }));

function serve(createPayment: () => Response) {
  const fetch = vi.fn(async (path: string) => {
    if (path.startsWith('/api/packages?currency=RUB'))
      return Response.json({ items: items('RUB', 'ru') });
    if (path.startsWith('/api/packages?currency=USD'))
      return Response.json({ items: items('USD', 'en') });
    if (path === '/api/create-payment') return createPayment();
    throw new Error(`unexpected ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderList(currency: 'RUB' | 'USD') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PackageList currency={currency} />
    </QueryClientProvider>,
  );
}

const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeEach(() => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(desktop);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the packages on /pricing', () => {
  it('in Russian: the three rouble packages, price per credit, savings, 600 marked popular', async () => {
    await i18n.changeLanguage('ru');
    serve(() => Response.json({ url: 'https://pay.example/1' }));
    renderList('RUB');
    await screen.findAllByRole('button');
    const cards = screen.getAllByRole('listitem');
    const text = cards.map((card) => card.textContent?.replace(/\s+/g, ' '));
    expect(text).toHaveLength(3);
    expect(text[0]).toContain('100 кредитов');
    expect(text[0]).toContain('3,00 ₽ за кредит');
    expect(text[0]).not.toContain('Выгода');
    expect(text[1]).toContain('Популярный');
    expect(text[1]).toContain('600 кредитов');
    expect(text[1]).toContain('1 300 ₽');
    expect(text[1]).toContain('Выгода 28%');
    expect(text[2]).toContain('Выгода 33%');
    expect(text[2]).not.toContain('Популярный');
  });

  it('in English: dollars and credits', async () => {
    await i18n.changeLanguage('en');
    serve(() => Response.json({ url: 'https://pay.example/1' }));
    renderList('USD');
    const button = await screen.findByRole('button', { name: 'Buy 500 credits for $12.99' });
    const card = button.closest('li');
    expect(card?.textContent).toContain('$0.026 per credit');
    expect(card?.textContent).toContain('Save 13%');
  });

  it('Buy opens a tab at once and sends it to the payment page', async () => {
    await i18n.changeLanguage('en');
    const fetch = serve(() => Response.json({ url: 'https://pay.example/checkout' }));
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      close: vi.fn(),
      document: { title: '', body: { textContent: '' } },
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderList('USD');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 500 credits for $12.99' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(tab.document.body.textContent).toBe('Opening the payment page…');
    await waitFor(() => expect(tab.location.href).toBe('https://pay.example/checkout'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/create-payment',
      expect.objectContaining({
        body: JSON.stringify({ amount: '500', referral: null, currency: 'USD' }),
      }),
    );
    // Back to normal: the purchase goes on in the other tab.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Buy 500 credits for $12.99' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });

  it('a failure is logged, the tab closed, and the button is usable again', async () => {
    await i18n.changeLanguage('en');
    serve(() =>
      Response.json({ type: 'about:blank', title: 'Bad Gateway', status: 502 }, { status: 502 }),
    );
    const tab = {
      opener: {},
      closed: false,
      location: { href: '' },
      close: vi.fn(),
      document: { title: '', body: { textContent: '' } },
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderList('USD');
    const button = await screen.findByRole('button', { name: 'Buy 100 credits for $2.99' });
    fireEvent.click(button);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Payment creation failed: Bad Gateway'));
    expect(tab.close).toHaveBeenCalled();
    const list = screen.getAllByRole('listitem');
    for (const card of list) {
      expect(within(card).getByRole('button')).toHaveProperty('disabled', false);
    }
  });
});

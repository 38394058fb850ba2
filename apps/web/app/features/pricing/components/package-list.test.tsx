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

function serve(createPayment: (init?: RequestInit) => Response) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path.startsWith('/api/packages?currency=RUB'))
      return Response.json({ items: items('RUB', 'ru') });
    if (path.startsWith('/api/packages?currency=USD'))
      return Response.json({ items: items('USD', 'en') });
    if (path === '/api/create-payment') return createPayment(init);
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

/** The server's 400 asking for the receipt's e-mail (or refusing the one given). */
const emailProblem = (code: 'email_required' | 'email_invalid') =>
  Response.json(
    {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'An e-mail is needed for the receipt.',
      errors: [{ field: 'email', code, message: 'E-mail needed for the receipt' }],
    },
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );

function fakeTab() {
  const tab = {
    opener: {} as unknown,
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      tab.closed = true;
    }),
    document: { title: '', body: { textContent: '' } },
  };
  return tab;
}

/** Each call of window.open gets a fresh tab, as a browser would. */
function openTabs() {
  const tabs: ReturnType<typeof fakeTab>[] = [];
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    const tab = fakeTab();
    tabs.push(tab);
    return tab as unknown as Window;
  });
  return { tabs, open };
}

const sentBodies = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([path]) => path === '/api/create-payment')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the receipt’s e-mail, when the server asks for it', () => {
  it('asks in the package’s card, then buys the same package again with it', async () => {
    await i18n.changeLanguage('en');
    const fetch = serve((init) =>
      JSON.parse(String(init?.body)).email
        ? Response.json({ url: 'https://pay.example/checkout' })
        : emailProblem('email_required'),
    );
    const { tabs, open } = openTabs();
    const warn = vi.spyOn(console, 'warn');
    renderList('USD');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 500 credits for $12.99' }));

    const input = await screen.findByRole('textbox', { name: 'E-mail for the receipt' });
    // In place: in the card of the package bought, where its Buy button was.
    const card = input.closest('li');
    expect(card?.getAttribute('data-package')).toBe('500');
    expect(within(card as HTMLElement).queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    // Focused by an effect after the render that showed it: on a busy machine, a moment later.
    await waitFor(() => expect(document.activeElement).toBe(input));
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'The receipt required by Russian law 54-FZ is sent to this address.',
    ]);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    // Not a failure: no toast, nothing logged, and the first tab is closed again.
    expect(warn).not.toHaveBeenCalled();
    expect(tabs[0]?.close).toHaveBeenCalled();

    fireEvent.change(input, { target: { value: ' ann@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // The send is the person's click: the provider's tab opens during it.
    expect(open).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(tabs[1]?.location.href).toBe('https://pay.example/checkout'));
    expect(sentBodies(fetch)).toEqual([
      { amount: '500', referral: null, currency: 'USD' },
      { amount: '500', referral: null, currency: 'USD', email: 'ann@example.com' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'E-mail for the receipt' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Buy 500 credits for $12.99' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows a refused address’s error and does not ask the server again by itself', async () => {
    await i18n.changeLanguage('en');
    const fetch = serve((init) =>
      emailProblem(JSON.parse(String(init?.body)).email ? 'email_invalid' : 'email_required'),
    );
    openTabs();
    renderList('USD');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 100 credits for $2.99' }));
    const input = await screen.findByRole('textbox', { name: 'E-mail for the receipt' });
    fireEvent.change(input, { target: { value: 'ann@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const error = await screen.findByText('Check the address: it does not look like an e-mail.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(input);
    // Two requests, and no more while nobody sends the form again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentBodies(fetch)).toHaveLength(2);
    expect(sentBodies(fetch)[1]).toMatchObject({ email: 'ann@example' });
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toHaveProperty(
      'disabled',
      false,
    );

    // A second refusal of an address is told again; the server's email_required to an address
    // reads as a wrong address too.
    fetch.mockClear();
    fireEvent.change(input, { target: { value: 'ann@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(sentBodies(fetch)).toHaveLength(1));
    await screen.findByText('Check the address: it does not look like an e-mail.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentBodies(fetch)).toHaveLength(1);
  });

  it('checks an empty or plainly wrong address itself, without a request', async () => {
    await i18n.changeLanguage('en');
    const fetch = serve(() => emailProblem('email_required'));
    openTabs();
    renderList('USD');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 100 credits for $2.99' }));
    const input = await screen.findByRole('textbox', { name: 'E-mail for the receipt' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Enter an e-mail address.');
    fireEvent.change(input, { target: { value: 'ann' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await screen.findByText('Check the address: it does not look like an e-mail.');
    expect(sentBodies(fetch)).toHaveLength(1);
  });

  it('Escape puts the Buy button back, focused', async () => {
    await i18n.changeLanguage('en');
    serve(() => emailProblem('email_required'));
    openTabs();
    renderList('USD');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 100 credits for $2.99' }));
    const input = await screen.findByRole('textbox', { name: 'E-mail for the receipt' });
    fireEvent.keyDown(input, { key: 'Escape' });
    const buy = await screen.findByRole('button', { name: 'Buy 100 credits for $2.99' });
    await waitFor(() => expect(document.activeElement).toBe(buy));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('in Russian: the label, why it is asked and the error', async () => {
    await i18n.changeLanguage('ru');
    serve((init) =>
      emailProblem(JSON.parse(String(init?.body)).email ? 'email_invalid' : 'email_required'),
    );
    openTabs();
    renderList('RUB');
    const buy = await screen.findByRole('button', { name: /^Купить 600 кредитов за/ });
    fireEvent.click(buy);
    const input = await screen.findByRole('textbox', { name: 'Почта для чека' });
    expect(screen.getByText('По закону 54-ФЗ на этот адрес придёт чек об оплате.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    await screen.findByText('Укажите адрес электронной почты.');
    fireEvent.change(input, { target: { value: 'anna@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    await screen.findByText('Проверьте адрес: похоже, в нём ошибка.');
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeTruthy();
  });
});

import '~/locales/app';
import { listModels } from '@kadr/catalog';
import type { LedgerPage, StatementEntryRecord } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { TokenStatement } from './token-statement';

const model = listModels('image')[0];
if (!model) throw new Error('the catalogue has no image model');

const entry = (
  reason: StatementEntryRecord['reason'],
  delta: number,
  balance: number,
  links: Partial<StatementEntryRecord> = {},
): StatementEntryRecord => ({
  id: `${reason}-${balance}`,
  created: '2026-05-01T10:00:00.000Z',
  reason,
  delta,
  balance_after: balance,
  generation_id: null,
  payment_id: null,
  model: null,
  prompt: null,
  payment: null,
  friend: null,
  elements: [],
  ...links,
});
const package600 = {
  provider: 'yookassa',
  tokens: 600,
  amount: '1300.00',
  currency: 'RUB',
} as const;

const firstPage: LedgerPage = {
  page: 1,
  perPage: 10,
  totalItems: 12,
  totalPages: 2,
  items: [
    entry('referral_commission', 300, 1040, { payment_id: 'friend-pay', friend: 'Olga' }),
    entry('generation_debit', -75, 740, {
      generation_id: 'gen-1',
      model: model.id,
      prompt: 'A cosy coffee shop on a rainy evening',
    }),
    entry('payment_credit', 600, 815, { payment_id: 'pay-1', payment: package600 }),
    entry('welcome', 215, 215),
  ],
};
const secondPage: LedgerPage = {
  ...firstPage,
  page: 2,
  items: [entry('referral_bonus', 25, 25, { friend: '$t(profile.statement.next) Olga' })],
};

function serve() {
  const fetch = vi.fn(async (path: string) => {
    const page = new URL(path, 'http://localhost').searchParams.get('page');
    return new Response(JSON.stringify(page === '2' ? secondPage : firstPage), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderStatement() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <TokenStatement />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the token statement', () => {
  it('lists each entry with its operation, signed amount and balance after', async () => {
    const fetch = serve();
    renderStatement();
    const table = await screen.findByRole('table');
    expect(fetch).toHaveBeenCalledWith('/api/ledger?page=1&perPage=10', expect.anything());
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Share of a friend’s purchaseFriend: Olga', '+300', '1,040'],
      [`Generation${model.name} · “A cosy coffee shop on a rainy evening”`, '−75', '740'],
      ['Credit purchase600 credits for RUB\u00a01,300.00', '+600', '815'],
      ['Welcome bonus', '+215', '215'],
    ]);
  });

  it('links a generation and the person’s own payment, not a friend’s', async () => {
    serve();
    renderStatement();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      `${model.name} · “A cosy coffee shop on a rainy evening”`,
      '600 credits for RUB\u00a01,300.00',
    ]);
  });

  it('says what each entry was for in Russian, a friend’s name as it is', async () => {
    await i18n.changeLanguage('ru');
    const fetch = serve();
    renderStatement();
    const table = await screen.findByRole('table');
    const operations = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(operations()).toEqual([
      'Доля от покупки другаДруг: Olga',
      `Генерация${model.name} · «A cosy coffee shop on a rainy evening»`,
      'Покупка кредитов600 кредитов за 1\u00a0300,00\u00a0₽',
      'Приветственный бонус',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    await within(table).findByText('Друг: $t(profile.statement.next) Olga');
    expect(fetch).toHaveBeenCalledWith('/api/ledger?page=2&perPage=10', expect.anything());
  });

  it('names the reinstatements, in Russian too; only the person’s own payment is linked', async () => {
    const page: LedgerPage = {
      ...firstPage,
      totalItems: 2,
      totalPages: 1,
      items: [
        entry('commission_reinstatement', 150, 1065, { payment_id: 'friend-pay' }),
        entry('payment_reinstatement', 600, 915, { payment_id: 'pay-1', payment: package600 }),
      ],
    };
    for (const [language, texts] of [
      [
        'en',
        [
          'Share of a friend’s purchase restored',
          'Purchase credits restored600 credits for RUB\u00a01,300.00',
        ],
      ],
      [
        'ru',
        [
          'Доля от покупки друга восстановлена',
          'Кредиты покупки восстановлены600 кредитов за 1\u00a0300,00\u00a0₽',
        ],
      ],
    ] as const) {
      await i18n.changeLanguage(language);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json(page)),
      );
      renderStatement();
      const table = await screen.findByRole('table');
      const operations = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
      expect(operations).toEqual(texts);
      cleanup();
    }
  });

  it('names the elements a generation used and the character a training taught, in both languages', async () => {
    const page: LedgerPage = {
      ...firstPage,
      totalItems: 3,
      totalPages: 1,
      items: [
        entry('training_refund', 150, 1150, { elements: ['Анна'] }),
        entry('training_debit', -150, 1000, { elements: ['Анна'] }),
        entry('generation_debit', -3, 1147, {
          generation_id: 'gen-2',
          model: model.id,
          prompt: 'on a beach',
          elements: ['Анна', 'Маяк'],
        }),
      ],
    };
    for (const [language, texts] of [
      [
        'en',
        [
          'Character training refundCharacter: Анна',
          'Character trainingCharacter: Анна',
          `Generation${model.name} · “on a beach” · Elements: Анна, Маяк`,
        ],
      ],
      [
        'ru',
        [
          'Возврат за обучение персонажаПерсонаж: Анна',
          'Обучение персонажаПерсонаж: Анна',
          `Генерация${model.name} · «on a beach» · Элементы: Анна, Маяк`,
        ],
      ],
    ] as const) {
      await i18n.changeLanguage(language);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json(page)),
      );
      renderStatement();
      const table = await screen.findByRole('table');
      const operations = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
      expect(operations).toEqual(texts);
      cleanup();
    }
  });

  it('offers the whole statement as CSV in the interface language', async () => {
    serve();
    renderStatement();
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(link.getAttribute('href')).toBe(
      `/api/ledger.csv?${new URLSearchParams({ lang: 'en', tz: zone })}`,
    );
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('pages through the statement', async () => {
    const fetch = serve();
    renderStatement();
    await screen.findByText('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await within(await screen.findByRole('table')).findByText('Bonus for an invited friend');
    expect(fetch).toHaveBeenCalledWith('/api/ledger?page=2&perPage=10', expect.anything());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('says so when there is nothing yet, in Russian too', async () => {
    await i18n.changeLanguage('ru');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ...firstPage, totalItems: 0, totalPages: 0, items: [] }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderStatement();
    await screen.findByText('Операций пока нет.');
  });
});

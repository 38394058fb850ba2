import '~/locales/admin';
import type { AdminOverview, AdminPeriod, AdminProviderHealth } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { formatMoment } from '../format';
import { Overview } from './overview';
import { ProviderHealth } from './provider-health';

const now = Date.parse('2026-05-01T10:00:30.000Z');

const failing: AdminProviderHealth = {
  provider: 'replicate',
  status: 'failing',
  last_ok: '2026-05-01T09:58:00.000Z',
  last_error: '2026-05-01T10:00:12.000Z',
  error: 'HTTP 503',
  failures: 3,
  paused_until: null,
  waiting: 5,
  storing: 1,
};

function show(health: AdminProviderHealth) {
  render(<ProviderHealth health={health} now={now} />);
  return screen.getByRole('region', { name: i18n.t('admin:overview.provider.title') });
}

/** The facts of the card, label → value. */
function facts(card: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the model service’s health in the console', () => {
  it('in Russian: failing since its last good answer, the last error, and who waits', async () => {
    await i18n.changeLanguage('ru');
    const card = show(failing);
    const since = formatMoment(failing.last_ok ?? '', 'ru');
    expect(within(card).getByText('Не отвечает')).toBeTruthy();
    expect(within(card).getByText(`с ${since}`)).toBeTruthy();
    expect(facts(card)).toEqual({
      'Последний удачный ответ': since,
      'Последняя ошибка': `${formatMoment(failing.last_error ?? '', 'ru')} · HTTP 503`,
      Сбои: '3 ошибки подряд',
      'Отправка на паузе до': 'паузы нет',
      'Ждут модель': '5 генераций',
      'Ждут хранилище': '1 результат',
    });
  });

  it.each([
    [1, '1 ошибка подряд', '1 генерация', '1 результат'],
    [2, '2 ошибки подряд', '2 генерации', '2 результата'],
    [5, '5 ошибок подряд', '5 генераций', '5 результатов'],
    [11, '11 ошибок подряд', '11 генераций', '11 результатов'],
    [21, '21 ошибка подряд', '21 генерация', '21 результат'],
    [22, '22 ошибки подряд', '22 генерации', '22 результата'],
  ])('in Russian, %i: “%s”, “%s”, “%s”', async (count, failures, waiting, storing) => {
    await i18n.changeLanguage('ru');
    const card = show({ ...failing, failures: count, waiting: count, storing: count });
    expect(facts(card)).toMatchObject({
      Сбои: failures,
      'Ждут модель': waiting,
      'Ждут хранилище': storing,
    });
  });

  it('in English: rate limited since the 429, every submission paused until a moment', async () => {
    await i18n.changeLanguage('en');
    const card = show({
      ...failing,
      status: 'rate_limited',
      error: 'HTTP 429',
      failures: 1,
      paused_until: '2026-05-01T10:00:50.000Z',
      waiting: 1,
      storing: 0,
    });
    expect(within(card).getByText('Rate limiting us')).toBeTruthy();
    expect(
      within(card).getByText(`since ${formatMoment(failing.last_error ?? '', 'en')}`),
    ).toBeTruthy();
    expect(facts(card)).toMatchObject({
      Failures: '1 failure in a row',
      'Submissions paused until': formatMoment('2026-05-01T10:00:50.000Z', 'en'),
      'Waiting for the model': '1 generation',
      'Waiting for the file store': '0 results',
    });
  });

  it('working, or never called yet: says so, with no failures and no pause', async () => {
    await i18n.changeLanguage('en');
    const card = show({
      ...failing,
      status: 'ok',
      last_ok: '2026-05-01T10:00:20.000Z',
      failures: 0,
      paused_until: '2026-05-01T10:00:10.000Z',
      waiting: 0,
      storing: 0,
    });
    expect(within(card).getByText('Working')).toBeTruthy();
    expect(facts(card)).toMatchObject({
      Failures: 'none',
      'Submissions paused until': 'not paused',
    });
    cleanup();

    const unknown = show({
      provider: 'replicate',
      status: 'unknown',
      last_ok: null,
      last_error: null,
      error: null,
      failures: 0,
      paused_until: null,
      waiting: 0,
      storing: 0,
    });
    expect(within(unknown).getByText('No data yet')).toBeTruthy();
    expect(within(unknown).getByText('not called yet')).toBeTruthy();
    expect(facts(unknown)).toMatchObject({ 'Last good answer': '—', 'Last error': '—' });
  });
});

describe('the console’s overview', () => {
  const period: AdminPeriod = {
    signups: 0,
    generations: { pending: 0, processing: 0, completed: 0, failed: 0, canceled: 0 },
    models: [],
    tokens: { debited: 0, refunded: 0, credited: 0 },
    purchases: [],
  };
  const overview: AdminOverview = {
    provider: failing,
    today: period,
    week: period,
    month: period,
    days: [],
  };

  it('shows the model service’s health first, read from /api/admin/overview', async () => {
    await i18n.changeLanguage('ru');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path !== '/api/admin/overview') throw new Error(`unexpected ${path}`);
        return new Response(JSON.stringify(overview), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <Overview />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', { name: 'Сервис моделей' });
    expect(within(card).getByText('Не отвечает')).toBeTruthy();
    expect(facts(card)).toMatchObject({ Сбои: '3 ошибки подряд', 'Ждут модель': '5 генераций' });
  });
});

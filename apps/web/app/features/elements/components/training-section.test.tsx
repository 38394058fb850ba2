import '~/locales/app';
import type { LibraryElement, Training, User } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '~/features/generations/query-keys';
import { i18n } from '~/lib/i18n';
import { ElementEditor } from './element-editor';

// The balance the app shell knows, per test.
const balance = vi.hoisted(() => ({ tokens: 500 }));
vi.mock('~/lib/session', async (original) => {
  const actual = await original<typeof import('~/lib/session')>();
  const user = (): User => ({
    id: 'u1',
    name: 'Ann',
    email: 'ann@example.com',
    avatar: null,
    tokens: balance.tokens,
    verified: true,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
  });
  return {
    ...actual,
    useCurrentUser: user,
    useSession: () => ({
      status: 'authenticated',
      user: user(),
      setUser: () => {},
      revalidate: async () => true,
      logout: async () => {},
    }),
  };
});
vi.mock('~/lib/realtime-provider', () => ({
  useRealtime: () => ({ connected: true, subscribeGenerations: () => () => {} }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

const startedAt = new Date(Date.now() - 65_000).toISOString();

function training(status: Training['status'], extra: Partial<Training> = {}): Training {
  const ended = status === 'succeeded' || status === 'failed' || status === 'canceled';
  return {
    id: 't1',
    status,
    cost: 150,
    refunded: false,
    pictures: 12,
    error: null,
    created: startedAt,
    finished: ended ? new Date().toISOString() : null,
    ...extra,
  };
}

function character(
  pictureCount: number,
  latest: Training | null = null,
  trained = false,
): LibraryElement {
  const pictures = Array.from({ length: pictureCount }, (_, index) => ({
    id: `p${index}`,
    url: `/api/files/p${index}/p.png`,
    width: 640,
    height: 800,
  }));
  return {
    id: 'e1',
    kind: 'character',
    name: 'Анна',
    description: '',
    cover: pictures[0] ?? null,
    pictures,
    archived: false,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
    training: latest,
    trained_model: trained ? 'flux-character' : null,
  };
}

/**
 * The network boundary: the element's read answers `reads()` (what the server holds now), the
 * training's start and stop what the test says, anything else is a bug.
 */
function serve(
  reads: () => LibraryElement,
  answer: (method: string, path: string, body: unknown) => Response | undefined = () => undefined,
) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === `/api/elements/e1?lang=${i18n.language}`)
      return json(200, reads());
    if (method === 'GET' && path.startsWith('/api/elements?'))
      return json(200, { items: [reads()] });
    const found = answer(method, path, init?.body ? JSON.parse(String(init.body)) : undefined);
    if (!found) throw new Error(`unexpected ${method} ${path}`);
    return found;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function show(item: LibraryElement, language: 'ru' | 'en') {
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.elements.list(false), [item]);
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ElementEditor id={item.id} open onOpenChange={() => {}} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const dialog = screen.getByRole('dialog');
  const heading = within(dialog).getByRole('heading', {
    name: language === 'ru' ? 'Обучить персонажа' : 'Train a character',
  });
  shown = client;
  return heading.closest('section') as HTMLElement;
}

/** The cache of the editor shown last. */
let shown: QueryClient | undefined;

beforeEach(() => {
  balance.tokens = 500;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('training a character in the editor', () => {
  it('is offered for characters only', async () => {
    await i18n.changeLanguage('ru');
    const product = { ...character(12), kind: 'product' as const };
    serve(() => product);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.elements.list(false), [product]);
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ElementEditor id="e1" open onOpenChange={() => {}} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Обучить персонажа' })).toBeNull();
  });

  it.each([
    [
      'ru',
      8,
      'В элементе 8 картинок, для обучения нужно от 10 до 20.',
      'Добавьте ещё 2 картинки: для обучения нужно от 10 до 20.',
    ],
    [
      'ru',
      9,
      'В элементе 9 картинок, для обучения нужно от 10 до 20.',
      'Добавьте ещё 1 картинку: для обучения нужно от 10 до 20.',
    ],
    [
      'en',
      1,
      'This element has 1 picture; training needs 10 to 20.',
      'Add 9 more pictures: training needs 10 to 20.',
    ],
  ] as const)(
    '%s, %i pictures: says how many more, the button disabled',
    async (language, count, line, why) => {
      serve(() => character(count));
      const section = await show(character(count), language);
      expect(section.querySelector('[data-training-pictures]')?.textContent).toBe(line);
      const button = within(section).getByRole('button', {
        name: language === 'ru' ? 'Обучить за 150 кредитов' : 'Train for 150 credits',
      }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(section.querySelector('[data-training-blocked="too-few"]')?.textContent).toBe(why);
      expect(button.getAttribute('aria-describedby')).toBe(
        section.querySelector('[data-training-blocked]')?.id,
      );
    },
  );

  it('says the description, and disables the button with the balance when it is short', async () => {
    balance.tokens = 40;
    serve(() => character(12));
    const section = await show(character(12), 'ru');
    expect(section.textContent).toContain('Один раз запоминает лицо по 10–20 фото');
    const button = within(section).getByRole('button', { name: 'Обучить за 150 кредитов' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(section.querySelector('[data-training-blocked="not-enough"]')?.textContent).toBe(
      'Недостаточно кредитов: нужно 150 кредитов, на балансе 40.',
    );
    expect(
      within(section).getByRole('link', { name: 'Пополнить баланс' }).getAttribute('href'),
    ).toBe('/pricing');
  });

  it('ru: the price on the button; pressed, it runs with its time, and stops with the credits back', async () => {
    let held = character(12);
    const sent: [string, unknown][] = [];
    serve(
      () => held,
      (method, path, body) => {
        if (method !== 'POST') return undefined;
        sent.push([path, body]);
        if (path === '/api/elements/e1/training?lang=ru') {
          held = character(12, training('queued'));
          return json(201, { training: training('queued') });
        }
        if (path === '/api/elements/e1/training/cancel?lang=ru') {
          held = character(12, training('canceled', { refunded: true }));
          return json(200, { training: training('processing') });
        }
        return undefined;
      },
    );
    const section = await show(held, 'ru');
    const status = section.querySelector('[role="status"]');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(within(section).getByRole('button', { name: 'Обучить за 150 кредитов' }));

    await waitFor(() => expect(status?.textContent).toBe('В очереди на обучение…'));
    expect(sent[0]).toEqual(['/api/elements/e1/training?lang=ru', {}]);
    expect(section.querySelector('[data-training-elapsed]')?.textContent).toMatch(
      /^Прошло 1:0\d · обычно 8–20 минут$/,
    );
    // No second training while one runs.
    expect(within(section).queryByRole('button', { name: /Обучить за/ })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Остановить обучение' }));
    await waitFor(() => expect(status?.textContent).toBe('Останавливаем обучение…'));
    expect(sent[1]).toEqual(['/api/elements/e1/training/cancel?lang=ru', {}]);
    // Read again every 3 s while it runs: the server has stopped it by the next read.
    await waitFor(() => expect(status?.textContent).toBe('Обучение остановлено.'), {
      timeout: 5000,
    });
    expect(section.querySelector('[data-training-refund]')?.textContent).toBe(
      '150 кредитов вернулись на баланс.',
    );
    // Trained again with the same button.
    expect(within(section).getByRole('button', { name: 'Обучить за 150 кредитов' })).toBeTruthy();
  });

  it('en: the price on the button, and a refusal in the server’s words', async () => {
    serve(
      () => character(12),
      (method, path) =>
        method === 'POST' && path === '/api/elements/e1/training?lang=en'
          ? json(409, {
              title: 'Conflict',
              status: 409,
              detail: 'This character is being trained already: wait for it to end or stop it.',
            })
          : undefined,
    );
    const section = await show(character(12), 'en');
    fireEvent.click(within(section).getByRole('button', { name: 'Train for 150 credits' }));
    await waitFor(() =>
      expect(section.querySelector('[data-training-error]')?.textContent).toBe(
        'This character is being trained already: wait for it to end or stop it.',
      ),
    );
  });

  it('ru: too few credits by the server’s count leads to the top-up', async () => {
    serve(
      () => character(12),
      (method) =>
        method === 'POST'
          ? json(402, { title: 'Payment Required', status: 402, detail: 'Не хватает токенов' })
          : undefined,
    );
    const section = await show(character(12), 'ru');
    fireEvent.click(within(section).getByRole('button', { name: 'Обучить за 150 кредитов' }));
    await waitFor(() =>
      expect(section.querySelector('[data-training-error]')?.textContent).toBe(
        'Недостаточно кредитов: обучение стоит 150 кредитов.',
      ),
    );
    expect(within(section).getByRole('link', { name: 'Пополнить баланс' })).toBeTruthy();
  });

  it.each([
    [
      'ru',
      'Обучение не удалось.',
      'Обучение не удалось: фотографии не подошли.',
      '150 кредитов вернулись на баланс.',
    ],
    [
      'en',
      'The training failed.',
      'The training failed: the photos did not work.',
      '150 credits are back on your balance.',
    ],
  ] as const)(
    '%s: a failed training says why and that the credits are back',
    async (language, headline, error, refund) => {
      const failed = character(12, training('failed', { error, refunded: true }));
      serve(() => failed);
      const section = await show(failed, language);
      expect(section.querySelector('[role="status"]')?.textContent).toBe(headline);
      expect(section.querySelector('[data-training-ended]')?.textContent).toBe(`${error}${refund}`);
      expect(
        within(section).getByRole('button', {
          name: language === 'ru' ? 'Обучить за 150 кредитов' : 'Train for 150 credits',
        }),
      ).toBeTruthy();
      expect(section.querySelector('[data-training-ready]')).toBeNull();
    },
  );

  it('ru: credits not yet back are said to be coming', async () => {
    const stopped = character(12, training('canceled'));
    serve(() => stopped);
    const section = await show(stopped, 'ru');
    expect(section.querySelector('[data-training-refund]')?.textContent).toBe(
      'Вернём 150 кредитов на баланс в ближайшие минуты.',
    );
  });

  it.each([
    ['ru', 'Персонаж готов.', 'Обучен на 12 картинках', 'Создать с персонажем «Анна»'],
    ['en', 'The character is ready.', 'Trained on 12 pictures', 'Generate with “Анна”'],
  ] as const)(
    '%s: a trained character opens the studio with it chosen',
    async (language, ready, on, link) => {
      const done = character(12, training('succeeded'), true);
      serve(() => done);
      const section = await show(done, language);
      expect(section.querySelector('[role="status"]')?.textContent).toBe(ready);
      expect(section.querySelector('[data-training-ready]')?.textContent).toContain(on);
      expect(within(section).getByRole('link', { name: link }).getAttribute('href')).toBe(
        '/studio?character=e1',
      );
    },
  );

  it('ru: a running training read every few seconds becomes ready', async () => {
    let held = character(12, training('processing'));
    const fetch = serve(() => held);
    const section = await show(held, 'ru');
    const status = section.querySelector('[role="status"]');
    expect(status?.textContent).toBe('Идёт обучение…');
    held = character(12, training('succeeded'), true);
    await waitFor(() => expect(status?.textContent).toBe('Персонаж готов.'), { timeout: 5000 });
    expect(within(section).getByRole('link', { name: 'Создать с персонажем «Анна»' })).toBeTruthy();
    // Once it ended, the lists are to be read again (the studio's characters).
    expect(shown?.getQueryState(queryKeys.elements.list(false))?.isInvalidated).toBe(true);
    const reads = fetch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    // Not read again once it has ended.
    expect(
      fetch.mock.calls.slice(reads).filter(([path]) => String(path).startsWith('/api/elements/e1')),
    ).toHaveLength(0);
  }, 15_000);
});

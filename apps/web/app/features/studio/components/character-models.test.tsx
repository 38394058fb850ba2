import '~/locales/app';
import { getModel, listModels } from '@kadr/catalog';
import type { LibraryElement, User } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useReducer } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReusableSettings } from '~/features/generations/handoff';
import { i18n, loadTexts } from '~/lib/i18n';
import { useCharacterHandoff } from '../characters';
import { initialStudioState, studioReducer } from '../studio-state';
import { StudioForm } from './studio-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('~/lib/toast', () => ({ toast }));
vi.mock('~/lib/session', async (original) => {
  const actual = await original<typeof import('~/lib/session')>();
  const user: User = {
    id: 'u1',
    name: 'Ann',
    email: 'ann@example.com',
    avatar: null,
    tokens: 500,
    verified: true,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
  };
  return {
    ...actual,
    useCurrentUser: () => user,
    useSession: () => ({
      status: 'authenticated',
      user,
      setUser: () => {},
      revalidate: async () => true,
      logout: async () => {},
    }),
  };
});
vi.mock('~/lib/realtime-provider', () => ({
  useRealtime: () => ({ connected: true, subscribeGenerations: () => () => {} }),
}));

const trainedModel = getModel('flux-character');
if (!trainedModel) throw new Error('the catalogue has no model of trained characters');

function element(id: string, name: string, trained: boolean): LibraryElement {
  const cover = { id: `${id}-0`, url: `/api/files/${id}-0/p.png`, width: 8, height: 8 };
  return {
    id,
    kind: 'character',
    name,
    description: '',
    cover,
    pictures: [cover],
    archived: false,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
    training: null,
    trained_model: trained ? 'flux-character' : null,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The network boundary: the models, the library, the estimate and the create. */
function serve(library: LibraryElement[]) {
  const created: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/api/models?type=image') {
      return json({
        items: listModels('image').map((model) => ({
          id: model.id,
          name: model.name,
          description: '',
        })),
      });
    }
    if (method === 'GET' && path.startsWith('/api/elements?')) return json({ items: library });
    if (method === 'POST' && path === '/api/estimate-image') return json({ estimation: 3 });
    if (method === 'POST' && path === '/api/create-image') {
      created.push(JSON.parse(String(init?.body)));
      return json({ request_id: 'g1', prediction_id: null, status: 'pending' });
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, created };
}

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

/** The studio's form as its route puts it together, with the characters' hand-off. */
function Studio({ reuse }: { reuse?: ReusableSettings }) {
  const [state, dispatch] = useReducer(studioReducer, undefined, initialStudioState);
  const { take } = useCharacterHandoff(dispatch);
  useEffect(() => {
    if (reuse && !take(reuse)) dispatch({ type: 'reuse', settings: reuse });
  }, [reuse, take]);
  return <StudioForm state={state} dispatch={dispatch} onStarted={() => {}} />;
}

async function renderStudio(
  language: 'ru' | 'en',
  { at = '/studio', reuse }: { at?: string; reuse?: ReusableSettings } = {},
) {
  await i18n.changeLanguage(language);
  await loadTexts();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[at]}>
      <QueryClientProvider client={client}>
        <Studio reuse={reuse} />
        <Address />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  toast.info.mockReset();
  toast.error.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anna = element('anna', 'Анна', true);
const max = element('max', 'Макс', false);

describe('the person’s trained characters in the studio', () => {
  it.each([
    ['ru', 'Ваши персонажи', 'Сходство', 'Создать · 3 кредита', 'Промпт'],
    ['en', 'Your characters', 'Likeness', 'Generate · 3 credits', 'Prompt'],
  ] as const)(
    '%s: offers one as a model; chosen, it is sent as flux-character with its element',
    async (language, title, likeness, generate, prompt) => {
      const { created } = serve([anna, max]);
      await renderStudio(language);
      const group = await screen.findByRole('group', { name: title });
      // Only the trained one, with its cover and the model that runs it.
      expect(within(group).queryByText('Макс')).toBeNull();
      const card = within(group).getByRole('radio', { name: /Анна/ });
      expect(card.closest('label')?.textContent).toContain(trainedModel.name);
      expect(card.closest('label')?.querySelector('img')?.getAttribute('src')).toBe(
        '/api/files/anna-0/p.png',
      );
      fireEvent.click(card);
      expect((card as HTMLInputElement).checked).toBe(true);
      // Its own parameters; no picker of references: the character is the reference.
      expect(await screen.findByLabelText(likeness)).toBeTruthy();
      expect(
        screen.queryByRole('button', {
          name: language === 'ru' ? 'Выбрать из библиотеки' : 'Choose from the library',
        }),
      ).toBeNull();

      fireEvent.change(screen.getByLabelText(prompt), {
        target: { value: 'на пляже на закате' },
      });
      const button = await screen.findByRole('button', { name: generate });
      fireEvent.click(button);
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]).toMatchObject({
        model: 'flux-character',
        elements: ['anna'],
        prompt: 'на пляже на закате',
        lora_scale: 1,
      });
    },
  );

  it('says nothing of characters to someone who has none', async () => {
    const { fetch } = serve([max]);
    await renderStudio('ru');
    await waitFor(() => expect(screen.getAllByRole('radio').length).toBeGreaterThan(1));
    // The library has answered, and no section came.
    await waitFor(() =>
      expect(fetch.mock.calls.some(([path]) => path.startsWith('/api/elements?'))).toBe(true),
    );
    expect(screen.queryByRole('group', { name: 'Ваши персонажи' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Макс/ })).toBeNull();
  });

  it('the library’s link (?character=<id>) opens the studio with it chosen, then leaves the address', async () => {
    serve([anna]);
    await renderStudio('ru', { at: '/studio?character=anna' });
    const card = await screen.findByRole('radio', { name: /Анна/ });
    await waitFor(() => expect((card as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('address').textContent).toBe('');
    expect(screen.getByLabelText('Сходство')).toBeTruthy();
  });

  it('a link to a character that is not trained says so and keeps the form as it was', async () => {
    serve([anna, max]);
    await renderStudio('en', { at: '/studio?character=max' });
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith(
        'This character is not among your trained ones: perhaps it was deleted or archived.',
      ),
    );
    expect(screen.getByTestId('address').textContent).toBe('');
    expect(
      screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked),
    ).toHaveLength(1);
    expect((screen.getByRole('radio', { name: /Анна/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('reusing a result made with a character chooses it again, with the result’s settings', async () => {
    serve([anna]);
    await renderStudio('ru', {
      reuse: {
        model: 'flux-character',
        prompt: 'в кафе',
        parameters: { lora_scale: 0.8, aspect_ratio: '3:4' },
        elements: ['anna'],
      },
    });
    const card = await screen.findByRole('radio', { name: /Анна/ });
    await waitFor(() => expect((card as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('Промпт') as HTMLTextAreaElement).value).toBe('в кафе');
    expect((screen.getByLabelText('Сходство') as HTMLInputElement).value).toBe('0.8');
  });

  it('reusing one whose character is gone keeps the prompt and says so', async () => {
    serve([]);
    await renderStudio('ru', {
      reuse: { model: 'flux-character', prompt: 'в кафе', parameters: {}, elements: ['gone'] },
    });
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith(
        'Персонажа, с которым это сделано, больше нет среди обученных. Промпт перенесён — выберите модель.',
      ),
    );
    expect((screen.getByLabelText('Промпт') as HTMLTextAreaElement).value).toBe('в кафе');
  });
});

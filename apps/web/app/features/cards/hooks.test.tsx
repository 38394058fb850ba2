import type { CardSet, CardSetBody } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '~/features/generations/query-keys';
import { useCardDraft } from './hooks';

const set: CardSet = {
  id: '7d0b6a52-5c1e-4b8e-9d0a-1f2e3d4c5b6a',
  name: 'Кружка',
  preset: 'wildberries',
  photo: 'https://kadr.test/api/files/p/photo.png',
  cutout: null,
  scene: null,
  backdrop: 'studio-white',
  slides: [
    {
      kind: 'main',
      picture: 'cutout',
      title: 'Кружка',
      bullets: [],
      badge: '',
      callouts: [],
      logo: false,
    },
  ],
  pictures: {
    photo: { url: '/api/files/p/photo.png', width: 900, height: 1200 },
    cutout: null,
    scene: null,
  },
  batch: null,
  created: '2026-11-26T10:00:00.000Z',
  updated: '2026-11-26T10:00:00.000Z',
};

/** The PUTs sent, each answered when the test says so. */
function server() {
  const sent: { body: CardSetBody; answer: () => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_path: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          const body = JSON.parse(String(init.body)) as CardSetBody;
          const saved = { ...set, ...body, updated: `2026-11-26T10:00:0${sent.length + 1}.000Z` };
          sent.push({
            body,
            answer: () =>
              resolve(
                new Response(JSON.stringify(saved), {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                }),
              ),
          });
        }),
    ),
  );
  return sent;
}

function draft() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useCardDraft(set), { wrapper }) };
}

const titled = (title: string) => (body: CardSetBody) => ({
  ...body,
  slides: body.slides.map((slide) => ({ ...slide, title })),
});

describe('useCardDraft: what the seller types is saved by itself', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each edit at once and saves the last of a burst once typing pauses', async () => {
    const sent = server();
    const { result, client } = draft();
    act(() => result.current.change(titled('К')));
    act(() => result.current.change(titled('Кр')));
    act(() => result.current.change(titled('Кру')));
    expect(result.current.draft.slides[0]?.title).toBe('Кру');
    expect(result.current.state).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(sent).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent.map((each) => each.body.slides[0]?.title)).toEqual(['Кру']);
    expect(result.current.state).toBe('saving');
    await act(async () => sent[0]?.answer());
    expect(result.current.state).toBe('saved');
    expect(client.getQueryData<CardSet>(queryKeys.cards.set(set.id))?.slides[0]?.title).toBe('Кру');
  });

  it('saves a preset switch at once, and what is typed meanwhile right after, one save at a time', async () => {
    const sent = server();
    const { result } = draft();
    act(() => result.current.change((body) => ({ ...body, preset: 'ozon' }), true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent.map((each) => each.body.preset)).toEqual(['ozon']);
    act(() => result.current.change(titled('Кружка 350 мл')));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    // The first save is still out: the second waits for it.
    expect(sent).toHaveLength(1);
    await act(async () => sent[0]?.answer());
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ preset: 'ozon' });
    expect(sent[1]?.body.slides[0]?.title).toBe('Кружка 350 мл');
    await act(async () => sent[1]?.answer());
    expect(result.current.state).toBe('saved');
  });

  it('sends nothing when an edit leaves the set as it was saved', async () => {
    const sent = server();
    const { result } = draft();
    act(() => result.current.change(titled('Другое')));
    act(() => result.current.change(titled('Кружка')));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(sent).toHaveLength(0);
    expect(result.current.state).toBe('saved');
  });
});

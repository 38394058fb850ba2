import '~/locales/app-tools';
import type { LibraryElement } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTexts } from '~/lib/i18n';
import { LibrarySources } from './library-sources';

const element = (id: string, name: string, kind: LibraryElement['kind'], count: number) => {
  const pictures = Array.from({ length: count }, (_, n) => ({
    id: `${id}-${n}`,
    url: `/api/files/${id}-${n}/p.png`,
    width: 600 + n,
    height: 800,
  }));
  return {
    id,
    kind,
    name,
    description: '',
    cover: pictures[0] ?? null,
    pictures,
    archived: false,
    created: '2026-12-01T10:00:00.000Z',
    updated: '2026-12-01T10:00:00.000Z',
    training: null,
    trained_model: null,
  } satisfies LibraryElement;
};

function serve(items: LibraryElement[]) {
  const fetch = vi.fn(async () =>
    Response.json({ items }, { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function renderIt(lang: 'ru' | 'en', kinds?: readonly LibraryElement['kind'][]) {
  await i18n.changeLanguage(lang);
  await loadTexts();
  const onPick = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <LibrarySources onPick={onPick} {...(kinds ? { kinds } : {})} />
    </QueryClientProvider>,
  );
  return onPick;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the library as a source of pictures', () => {
  it('reads the library when opened, and gives a picked picture as an absolute own address', async () => {
    const fetch = serve([
      element('anna', 'Аня', 'character', 2),
      element('jar', 'Крем', 'product', 1),
    ]);
    const onPick = await renderIt('en');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(
      screen.getByRole('button', { name: 'Or take one from your characters and products' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Аня, picture 2' }));
    expect(onPick).toHaveBeenCalledWith(
      {
        url: `${window.location.origin}/api/files/anna-1/p.png`,
        width: 601,
        height: 800,
        generationId: null,
      },
      'Аня',
    );
    expect(screen.getByRole('button', { name: 'Крем, picture 1' })).toBeTruthy();
  });

  it('offers the card workshop products only', async () => {
    serve([element('anna', 'Аня', 'character', 2), element('jar', 'Крем', 'product', 1)]);
    await renderIt('ru', ['product']);
    fireEvent.click(screen.getByRole('button', { name: 'Или возьмите товар из библиотеки' }));
    expect(await screen.findByRole('button', { name: 'Крем, картинка 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Аня/ })).toBeNull();
  });

  it('says where to save one when the library is empty', async () => {
    serve([]);
    await renderIt('ru');
    fireEvent.click(screen.getByRole('button', { name: /библиотеки/ }));
    expect(await screen.findByText(/В библиотеке пока ничего нет/)).toBeTruthy();
  });
});

import '~/locales/app';
import type { LibraryElement } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { ElementsScreen } from './elements-screen';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function element(id: string, kind: LibraryElement['kind'], name: string): LibraryElement {
  const picture = { id: `${id}-p`, url: `/api/files/${id}/p.png`, width: 64, height: 64 };
  return {
    id,
    kind,
    name,
    description: '',
    cover: picture,
    pictures: [picture],
    archived: false,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
    training: null,
    trained_model: null,
  };
}

/** The network boundary: the list in use and the archived one. */
function serve(active: LibraryElement[], archived: LibraryElement[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === `/api/elements?lang=${i18n.language}`) return json({ items: active });
      if (path === `/api/elements?archived=true&lang=${i18n.language}`) {
        return json({ items: archived });
      }
      throw new Error(`unexpected ${path}`);
    }),
  );
}

function show(at = '/elements') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <ElementsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = () =>
  [...document.querySelectorAll('[data-element-name]')].map((node) => node.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the library of elements', () => {
  it('with nothing in it, says what elements are for and offers the first', async () => {
    await i18n.changeLanguage('ru');
    serve([]);
    show();
    expect(
      await screen.findByRole('heading', { name: 'Здесь будут ваши персонажи и товары' }),
    ).toBeTruthy();
    expect(document.querySelector('[data-elements-empty]')?.textContent).toContain(
      'в каждой картинке и каждом видео будет то же лицо или тот же товар',
    );
    expect(screen.getByRole('button', { name: 'Создать первый элемент' })).toBeTruthy();
  });

  it('shows one kind or both, and the archived ones apart', async () => {
    await i18n.changeLanguage('en');
    serve(
      [element('a', 'character', 'Anna'), element('m', 'product', 'Mug')],
      [element('o', 'product', 'Old mug')],
    );
    show();
    await waitFor(() => expect(names()).toEqual(['Anna', 'Mug']));
    expect(document.querySelector('[data-elements-count]')?.textContent).toBe('2 elements');

    fireEvent.click(screen.getByRole('button', { name: 'Products' }));
    await waitFor(() => expect(names()).toEqual(['Mug']));
    expect(screen.getByRole('button', { name: 'Products' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(names()).toEqual(['Old mug']));

    fireEvent.click(screen.getByRole('button', { name: 'Characters' }));
    expect(await screen.findByText('No archived characters.')).toBeTruthy();
  });

  it('says when one kind has none yet', async () => {
    await i18n.changeLanguage('ru');
    serve([element('a', 'character', 'Аня')]);
    show('/elements?kind=product');
    expect(await screen.findByText('Товаров пока нет.')).toBeTruthy();
  });
});

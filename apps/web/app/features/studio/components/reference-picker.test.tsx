import '~/locales/app-studio';
import { getModel, type ModelDefinition } from '@kadr/catalog';
import type { LibraryElement } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTexts } from '~/lib/i18n';
import { ReferencePicker } from './reference-picker';

function element(
  id: string,
  name: string,
  kind: LibraryElement['kind'],
  pictures = 3,
): LibraryElement {
  const picture = (n: number) => ({
    id: `${id}-${n}`,
    url: `/api/files/${id}-${n}/p.png`,
    width: 8,
    height: 8,
  });
  const all = Array.from({ length: pictures }, (_, n) => picture(n));
  return {
    id,
    kind,
    name,
    description: '',
    cover: all[0] ?? null,
    pictures: all,
    archived: false,
    created: '2026-12-01T10:00:00.000Z',
    updated: '2026-12-01T10:00:00.000Z',
    training: null,
    trained_model: null,
  };
}

const library = [
  element('anna', 'Анна', 'character'),
  element('bottle', 'Бутылка', 'product', 1),
  element('cream', 'Крем', 'product', 5),
  element('max', 'Макс', 'character', 2),
];

function serve(items: LibraryElement[]) {
  const fetch = vi.fn(async (path: string) => {
    if (path.startsWith('/api/elements')) {
      return new Response(JSON.stringify({ items }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    throw new Error(`unexpected ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Picker({ model }: { model: ModelDefinition }) {
  const [selected, setSelected] = useState<readonly string[]>([]);
  return (
    <>
      <ReferencePicker model={model} selected={selected} onChange={setSelected} />
      <output data-testid="chosen">{selected.join(',')}</output>
    </>
  );
}

async function renderFor(modelId: string, language: 'ru' | 'en') {
  await i18n.changeLanguage(language);
  await loadTexts();
  const model = getModel(modelId);
  if (!model) throw new Error(modelId);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Picker model={model} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the studio’s characters and products', () => {
  it('says the model’s limit with its plural, and reads the library only when opened', async () => {
    const fetch = serve(library);
    await renderFor('nano-banana', 'ru');
    expect(screen.getByText('до 3 референсов')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать из библиотеки' }));
    const dialog = await screen.findByRole('dialog', { name: 'Персонажи и товары' });
    expect(
      within(dialog).getByText('Отметьте до 3 элементов: Nano Banana получит их фото.'),
    ).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stops at the model’s limit until one is unchecked; a chip takes one out', async () => {
    serve(library);
    await renderFor('nano-banana', 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Choose from the library' }));
    const dialog = await screen.findByRole('dialog');
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    for (const box of boxes.slice(0, 3)) fireEvent.click(box);
    expect(screen.getByTestId('chosen').textContent).toBe('anna,bottle,cream');
    expect((boxes[3] as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText(/As many as the model takes are chosen/)).toBeTruthy();
    fireEvent.click(boxes[1] as HTMLElement);
    expect((boxes[3] as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The chosen ones as chips, each with a way to take it out.
    fireEvent.click(await screen.findByRole('button', { name: 'Remove “Анна”' }));
    expect(screen.getByTestId('chosen').textContent).toBe('cream');
    expect(screen.getByText('up to 3 references')).toBeTruthy();
  });

  it('leads to the library when it is empty', async () => {
    serve([]);
    await renderFor('seedream-4', 'ru');
    expect(screen.getByText('до 10 референсов')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать из библиотеки' }));
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('link', { name: 'Создать в библиотеке' });
    expect(link.getAttribute('href')).toBe('/elements');
  });

  it('is not there for a model that takes no references', async () => {
    serve(library);
    await renderFor('seedream-3', 'ru');
    expect(screen.queryByText('Персонажи и товары')).toBeNull();
  });
});

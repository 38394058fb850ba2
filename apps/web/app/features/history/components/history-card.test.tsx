import '~/locales/app';
import { listModels } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { HistoryCard } from './history-card';

function record(extra: Partial<GenerationRecord> = {}): GenerationRecord {
  const at = '2026-05-01T10:00:00.000Z';
  return {
    id: 'edit-1',
    created: at,
    updated: at,
    user: 'u',
    error: '',
    model: 'remove-background',
    type: 'image',
    replicate_id: '',
    status: 'completed',
    error_code: null,
    cost: 2,
    jsondata: { type: 'image', prompt: '', input: { image: '/files/src.png' }, output: null },
    output_files: ['f'],
    expand: {
      output_files: [
        {
          id: 'f',
          file: 'f',
          url: '/files/f.png',
          download_url: '/files/f.png?download',
          thumbnail: null,
          mime: 'image/png',
          width: 1024,
          height: 1024,
          duration_ms: null,
        },
      ],
    },
    favorite: false,
    source_id: 'src-1',
    ...extra,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function show(item: GenerationRecord, onOpenSource?: (id: string) => void) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/history']}>
        <Routes>
          <Route
            path="/history"
            element={<HistoryCard record={item} onOpen={() => {}} onOpenSource={onOpenSource} />}
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('a history card of a tool run', () => {
  it('in Russian: the tool’s title instead of a model, "no prompt", and "made from" the source', async () => {
    await i18n.changeLanguage('ru');
    const onOpenSource = vi.fn();
    show(record(), onOpenSource);
    const card = screen.getByRole('article', { name: 'Изображение: Убрать фон' });
    expect(card.querySelector('[data-made-with]')?.closest('p')?.textContent).toBe(
      'Убрать фон · 2 кредита',
    );
    expect(within(card).getByText('Без промпта')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Копировать промпт' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Сделано из другой картинки' }));
    expect(onOpenSource).toHaveBeenCalledWith('src-1');
    expect(within(card).getByRole('img').getAttribute('alt')).toBe('Результат: Убрать фон');
  });

  it('in English: a run on an upload says so; "Reuse settings" opens the tools workspace', async () => {
    await i18n.changeLanguage('en');
    show(record({ source_id: null, model: 'upscale', cost: 1 }));
    const card = screen.getByRole('article', { name: 'Image: Upscale' });
    expect(within(card).getByText('Made from your picture')).toBeTruthy();
    expect(card.querySelector('[data-made-with]')?.closest('p')?.textContent).toBe(
      'Upscale · 1 credit',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Reuse settings' }));
    expect(screen.getByTestId('where').textContent).toBe('/tools?reuse=edit-1');
  });

  it('a generation keeps its model’s name and prompt, with no marker, and reuses in the studio', async () => {
    await i18n.changeLanguage('en');
    const model = listModels('image')[0];
    show(
      record({
        model: model?.id ?? '',
        source_id: null,
        jsondata: { type: 'image', prompt: 'A red chair', input: {}, output: null },
      }),
    );
    const card = screen.getByRole('article', { name: 'Image: A red chair' });
    expect(within(card).queryByText(/Made from/)).toBeNull();
    expect(within(card).getByText(model?.name ?? '')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Reuse settings' }));
    expect(screen.getByTestId('where').textContent).toBe('/studio');
  });
});

describe('a history card of a generation made with library elements (issue #47)', () => {
  it.each([
    ['ru', 'Элементы: Аня, Кружка «Маяк»'],
    ['en', 'Elements: Аня, Кружка «Маяк»'],
  ] as const)('%s: names them as they were named then', async (lang, text) => {
    await i18n.changeLanguage(lang);
    show(
      record({
        model: 'seedream-4',
        source_id: null,
        jsondata: {
          type: 'image',
          prompt: 'Аня с кружкой',
          input: {},
          output: null,
          elements: [
            { id: 'a', name: 'Аня', kind: 'character' },
            { id: 'm', name: 'Кружка «Маяк»', kind: 'product' },
          ],
        },
      }),
    );
    expect(document.querySelector('[data-used-elements]')?.textContent).toBe(text);
  });

  it('says nothing of elements for a result made without any', async () => {
    await i18n.changeLanguage('ru');
    show(record({ model: 'seedream-3', source_id: null }));
    expect(document.querySelector('[data-used-elements]')).toBeNull();
  });
});

// Issue #38: a generation held up by a part that is away says so, calmly, on its card.
describe('a history card of a generation that waits', () => {
  const running = (waiting_for: 'model' | 'storage' | undefined, status = 'pending' as const) =>
    record({
      status,
      source_id: null,
      model: listModels('image')[0]?.id ?? '',
      output_files: [],
      expand: { output_files: [] },
      jsondata: {
        type: 'image',
        prompt: 'A red chair',
        input: {},
        output: null,
        ...(waiting_for ? { waiting_for } : {}),
      },
    });

  it.each([
    ['ru', 'model', 'Ждём модель: сервис не отвечает, повторяем запрос'],
    ['ru', 'storage', 'Результат готов, сохраняем его'],
    ['en', 'model', "Waiting for the model: the service isn't answering, we keep trying"],
    ['en', 'storage', 'Result ready, saving it'],
  ] as const)(
    'in %s, for the %s: says what it waits for, not as a failure',
    async (language, waiting, text) => {
      await i18n.changeLanguage(language);
      show(running(waiting));
      const note = screen.getByText(text).closest('[data-waiting-for]');
      expect(note?.getAttribute('data-waiting-for')).toBe(waiting);
      expect(note?.className).not.toMatch(/red/);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('says nothing while it waits for nothing', async () => {
    await i18n.changeLanguage('en');
    show(running(undefined));
    expect(document.querySelector('[data-waiting-for]')).toBeNull();
  });
});

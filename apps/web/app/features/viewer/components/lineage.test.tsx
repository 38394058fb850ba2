import '~/locales/app';
import { listModels } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { Lineage } from './lineage';

vi.mock('~/lib/realtime-provider', () => ({
  useRealtime: () => ({ connected: true, subscribeGenerations: () => () => {} }),
}));

const imageModel = listModels('image')[0]?.id ?? '';

function record(
  id: string,
  model: string,
  extra: Partial<GenerationRecord> = {},
): GenerationRecord {
  const at = '2026-05-01T10:00:00.000Z';
  return {
    id,
    created: at,
    updated: at,
    user: 'u',
    error: '',
    model,
    type: 'image',
    replicate_id: '',
    status: 'completed',
    error_code: null,
    cost: 2,
    jsondata: { type: 'image', prompt: '', input: {}, output: null },
    output_files: [`${id}-file`],
    expand: {
      output_files: [
        {
          id: `${id}-file`,
          file: `${id}.png`,
          url: `/files/${id}.png`,
          download_url: `/files/${id}.png?download`,
          thumbnail: `/files/${id}-thumb.webp`,
          mime: 'image/png',
          width: 1024,
          height: 1024,
          duration_ms: null,
        },
      ],
    },
    favorite: false,
    source_id: null,
    ...extra,
  };
}

const original = record('original', imageModel, {
  jsondata: { type: 'image', prompt: 'A red chair', input: {}, output: null },
});
const cutOut = record('cut-out', 'remove-background', {
  source_id: 'original',
  jsondata: { type: 'image', prompt: '', input: { image: '/files/original.png' }, output: null },
});
const upscaled = record('upscaled', 'upscale', { source_id: 'cut-out' });

function serve(routes: Record<string, unknown>) {
  const fetch = vi.fn(async (path: string) => {
    if (path in routes) return Response.json(routes[path]);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(item: GenerationRecord) {
  const onVisit = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Lineage record={item} onVisit={onVisit} />
    </QueryClientProvider>,
  );
  return onVisit;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the viewer's lineage block", () => {
  it('in Russian: "made from" the source result, and "edits of this" listing its edits', async () => {
    await i18n.changeLanguage('ru');
    serve({
      '/api/generations/original': original,
      '/api/generations/cut-out/edits': { items: [upscaled] },
    });
    const onVisit = show(cutOut);
    const block = await screen.findByRole('region', { name: 'Связанные картинки' });
    expect(within(block).getByText('Сделано из')).toBeTruthy();
    const source = await within(block).findByRole('button', {
      name: `Открыть: ${listModels('image')[0]?.name}`,
    });
    expect(within(block).getByRole('heading', { name: 'Правки этой картинки' })).toBeTruthy();
    const edit = await within(block).findByRole('button', { name: 'Открыть: Увеличить' });
    fireEvent.click(source);
    fireEvent.click(edit);
    expect(onVisit.mock.calls).toEqual([['original'], ['upscaled']]);
  });

  it('in English: a tool run on an upload is made from "your picture"', async () => {
    await i18n.changeLanguage('en');
    serve({ '/api/generations/mine/edits': { items: [] } });
    show(
      record('mine', 'remove-background', {
        jsondata: { type: 'image', prompt: '', input: { image: '/uploads/me.jpg' }, output: null },
      }),
    );
    const block = await screen.findByRole('region', { name: 'Related pictures' });
    expect(block.textContent).toContain('Made from');
    const link = within(block).getByRole('link', { name: 'your picture' });
    expect(link.getAttribute('href')).toBe('/uploads/me.jpg');
  });

  it('in English: the first result lists its edit; with neither a source nor edits, nothing', async () => {
    await i18n.changeLanguage('en');
    serve({
      '/api/generations/original/edits': { items: [cutOut] },
      '/api/generations/alone/edits': { items: [] },
    });
    show(original);
    const block = await screen.findByRole('region', { name: 'Related pictures' });
    expect(within(block).queryByText('Made from')).toBeNull();
    expect(within(block).getByRole('heading', { name: 'Edits of this' })).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Open: Remove background' })).toBeTruthy();
    cleanup();
    const fetch = serve({ '/api/generations/alone/edits': { items: [] } });
    show(record('alone', imageModel));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
  });
});

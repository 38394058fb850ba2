import '~/locales/app';
import { listModels, listTools } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { EditMenu } from './edit-menu';

function record(type: 'image' | 'video', extra: Partial<GenerationRecord> = {}): GenerationRecord {
  const at = '2026-05-01T10:00:00.000Z';
  const mime = type === 'image' ? 'image/png' : 'video/mp4';
  return {
    id: 'gen-1',
    created: at,
    updated: at,
    user: 'u',
    error: '',
    model: listModels(type)[0]?.id ?? '',
    type,
    replicate_id: '',
    status: 'completed',
    error_code: null,
    cost: 3,
    jsondata: { type, prompt: 'A red chair', input: {}, output: null },
    output_files: ['f'],
    expand: {
      output_files: [
        {
          id: 'f',
          file: 'f',
          url: '/files/f',
          download_url: '/files/f?download',
          thumbnail: null,
          mime,
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

function show(item: GenerationRecord) {
  render(
    <MemoryRouter>
      <button type="button">elsewhere</button>
      <EditMenu record={item} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('the Edit menu on a finished image', () => {
  it('in Russian: a labelled button opens the five tools, each with its price and link', async () => {
    await i18n.changeLanguage('ru');
    show(record('image'));
    const button = screen.getByRole('button', { name: 'Изменить' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Доработать картинку' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The list's code (the tools and their prices) arrives on demand.
    const list = await screen.findByRole('list', { name: 'Доработать картинку' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      listTools().map((tool) => `/tools?tool=${tool.id}&from=gen-1`),
    );
    const text = links.map((link) => link.textContent);
    expect(text).toContain('Убрать фон2 кредита');
    expect(text).toContain('Исправить область5 кредитов');
    // 1024² ×2 is 4.19 MP at 0.25 a megapixel: 2 credits, dearer at ×4.
    expect(text).toContain('Увеличитьот 2 кредитов');
    const all = screen.getByRole('link', { name: 'Открыть инструменты' });
    expect(all.getAttribute('href')).toBe('/tools?from=gen-1');
  });

  it('in English: Escape or a click elsewhere folds it, focus back on the button', async () => {
    await i18n.changeLanguage('en');
    show(record('image'));
    const button = screen.getByRole('button', { name: 'Edit' });
    fireEvent.click(button);
    const first = within(
      await screen.findByRole('list', { name: 'Finish this picture' }),
    ).getAllByRole('link')[0];
    expect(first?.textContent).toMatch(/^Upscalefrom 2 credits$/);
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('is not offered on a video, nor on an image still running', async () => {
    await i18n.changeLanguage('en');
    show(record('video'));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    cleanup();
    show(record('image', { status: 'processing' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

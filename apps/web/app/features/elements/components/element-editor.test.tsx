import '~/locales/app';
import type { LibraryElement } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '~/features/generations/query-keys';
import { i18n } from '~/lib/i18n';
import { ElementEditor } from './element-editor';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

function element(pictureCount: number): LibraryElement {
  const pictures = Array.from({ length: pictureCount }, (_, index) => ({
    id: `p${index}`,
    url: `/api/files/p${index}/p.png`,
    width: 640,
    height: 800,
  }));
  return {
    id: 'e1',
    kind: 'product',
    name: 'Маяк',
    description: 'Кружка',
    cover: pictures[0] ?? null,
    pictures,
    archived: false,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
    training: null,
    trained_model: null,
  };
}

/** The network boundary: the element's read, then whatever the test answers. */
function serve(
  current: LibraryElement,
  answer: (method: string, path: string, body: unknown) => Response | undefined,
) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === `/api/elements/e1?lang=${i18n.language}`)
      return json(200, current);
    if (method === 'GET' && path.startsWith('/api/elements?'))
      return json(200, { items: [current] });
    const found = answer(method, path, init?.body ? JSON.parse(String(init.body)) : undefined);
    if (!found) throw new Error(`unexpected ${method} ${path}`);
    return found;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(item: LibraryElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.elements.list(false), [item]);
  render(
    <QueryClientProvider client={client}>
      <ElementEditor id={item.id} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an element open in the editor', () => {
  it('says next to the pictures that the last one stays, and keeps it', async () => {
    await i18n.changeLanguage('ru');
    const item = element(1);
    serve(item, (method, path) =>
      method === 'DELETE' && path === '/api/elements/e1/pictures/p0?lang=ru'
        ? json(409, { title: 'Conflict', status: 409, detail: 'Это последняя картинка…' })
        : undefined,
    );
    const dialog = show(item);
    expect(within(dialog).getByRole('heading', { name: 'Маяк' })).toBeTruthy();
    expect(dialog.textContent).toContain('Товар · 1 картинка');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать картинку 1' }));
    await waitFor(() =>
      expect(dialog.querySelector('[data-field-error="pictures"]')?.textContent).toBe(
        'Это последняя картинка: у элемента должна остаться хотя бы одна. Если он больше не нужен, удалите его.',
      ),
    );
    expect(dialog.querySelectorAll('[data-element-picture]')).toHaveLength(1);
  });

  it('chooses another cover and renames, a taken name said under the name', async () => {
    await i18n.changeLanguage('en');
    const item = element(2);
    const sent: unknown[] = [];
    serve(item, (method, path, body) => {
      if (method !== 'PATCH' || path !== '/api/elements/e1?lang=en') return undefined;
      sent.push(body);
      if ((body as { name?: string }).name === 'taken') {
        return json(409, {
          title: 'Conflict',
          status: 409,
          errors: [{ field: 'name', code: 'taken', message: 'is already used' }],
        });
      }
      return json(200, { ...item, cover: item.pictures[1], updated: '2026-05-01T10:01:00.000Z' });
    });
    const dialog = show(item);
    const second = within(dialog).getByRole('button', { name: 'Make picture 2 the cover' });
    expect(second.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(second);
    await waitFor(() =>
      expect(dialog.querySelector('[data-cover]')?.getAttribute('data-element-picture')).toBe('p1'),
    );
    expect(sent[0]).toEqual({ cover: 'p1' });
    expect(within(dialog).getByRole('button', { name: 'Picture 2 is the cover' })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialog.querySelector('[data-field-error="name"]')?.textContent).toBe(
        'You already have an element with this name: choose another.',
      ),
    );
    expect(sent[1]).toEqual({ name: 'taken' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('taken');
  });

  it('asks before deleting, saying that results made with it stay', async () => {
    await i18n.changeLanguage('ru');
    const item = element(2);
    serve(item, () => undefined);
    const dialog = show(item);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить элемент' }));
    const question = dialog.querySelector('[data-delete-question]');
    expect(question?.textContent).toContain('Удалить «Маяк»?');
    expect(question?.textContent).toContain(
      'Картинки и видео, которые уже сделаны с ним, останутся в истории.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(dialog.querySelector('[data-delete-question]')).toBeNull();
  });
});

import '~/locales/app';
import type { LibraryElement } from '@kadr/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { CreateDialog } from './create-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

/** The network boundary: uploads answer an address each, creates what the test says. */
function serve(create: (body: { name: string; pictures: string[] }) => Response) {
  let uploads = 0;
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && path === '/api/upload-image') {
      uploads += 1;
      return json(200, { urls: { get: `/api/files/u${uploads}/p.png` }, width: 640, height: 800 });
    }
    if (method === 'POST' && path === `/api/elements?lang=${i18n.language}`) {
      return create(JSON.parse(String(init?.body)));
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function made(body: { name: string; pictures: string[] }): LibraryElement {
  const pictures = body.pictures.map((url, index) => ({
    id: `p${index}`,
    url,
    width: 640,
    height: 800,
  }));
  return {
    id: 'e1',
    kind: 'character',
    name: body.name,
    description: '',
    cover: pictures[0] ?? null,
    pictures,
    archived: false,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
    training: null,
    trained_model: null,
  };
}

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function show() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateDialog open onOpenChange={onOpenChange} kind="character" />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog');
  const pick = (files: File[]) => {
    const input = dialog.querySelector<HTMLInputElement>('[data-element-upload]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files } });
  };
  return { dialog, pick, onOpenChange };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('making an element', () => {
  it('says what is missing next to each field before anything is sent', async () => {
    await i18n.changeLanguage('ru');
    const fetch = serve(() => json(500, {}));
    const { dialog } = show();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить элемент' }));
    const name = within(dialog).getByLabelText('Название');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.querySelector('[data-field-error="name"]')?.textContent).toBe(
      'Введите название.',
    );
    expect(dialog.querySelector('[data-field-error="pictures"]')?.textContent).toBe(
      'Добавьте хотя бы одну картинку.',
    );
    expect(document.activeElement).toBe(name);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads several pictures at once, shows each with a way to take it out, and keeps at most 20', async () => {
    await i18n.changeLanguage('ru');
    serve(() => json(500, {}));
    const { dialog, pick } = show();
    pick([png('a.png'), png('b.png'), png('c.png')]);
    await waitFor(() =>
      expect(dialog.querySelectorAll('[data-draft-picture][data-state="ready"]')).toHaveLength(3),
    );
    expect(dialog.querySelector('[data-picture-count]')?.textContent).toBe('3 из 20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать картинку 2' }));
    expect(dialog.querySelectorAll('[data-draft-picture]')).toHaveLength(2);

    // 19 more: 18 fit, one is left out and the field says so.
    pick(Array.from({ length: 19 }, (_, index) => png(`more-${index}.png`)));
    expect(dialog.querySelectorAll('[data-draft-picture]')).toHaveLength(20);
    expect(dialog.querySelector('[data-picture-notice]')?.textContent).toBe(
      '1 картинка не добавлена: в элементе помещается не больше 20.',
    );
    expect(dialog.querySelector('[data-pictures-full]')?.textContent).toBe(
      'Это максимум: в элементе не больше 20 картинок.',
    );
    expect(dialog.querySelector('[data-element-upload]')).toBeNull();
    await waitFor(() =>
      expect(dialog.querySelectorAll('[data-draft-picture][data-state="ready"]')).toHaveLength(20),
    );
  });

  it('refuses what is not a picture, by its name', async () => {
    await i18n.changeLanguage('en');
    serve(() => json(500, {}));
    const { dialog, pick } = show();
    pick([new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' })]);
    expect(dialog.querySelector('[data-picture-notice]')?.textContent).toBe(
      'brief.pdf: only JPEG, PNG, GIF and WebP will do.',
    );
    expect(dialog.querySelectorAll('[data-draft-picture]')).toHaveLength(0);
  });

  it('shows the server’s "name taken" under the name, keeping everything, then saves', async () => {
    await i18n.changeLanguage('en');
    const sent: { name: string; pictures: string[] }[] = [];
    serve((body) => {
      sent.push(body);
      return sent.length === 1
        ? json(409, {
            title: 'Conflict',
            status: 409,
            detail: 'You already have an element with this name: choose another.',
            errors: [{ field: 'name', code: 'taken', message: 'is already used' }],
          })
        : json(200, made(body));
    });
    const { dialog, pick, onOpenChange } = show();
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Anna' } });
    pick([png('a.png'), png('b.png')]);
    await waitFor(() =>
      expect(dialog.querySelectorAll('[data-draft-picture][data-state="ready"]')).toHaveLength(2),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save element' }));
    await waitFor(() =>
      expect(dialog.querySelector('[data-field-error="name"]')?.textContent).toBe(
        'You already have an element with this name: choose another.',
      ),
    );
    expect(sent[0]).toMatchObject({
      kind: 'character',
      name: 'Anna',
      pictures: ['/api/files/u1/p.png', '/api/files/u2/p.png'],
    });
    // Nothing is lost: the name and both pictures are still there.
    expect((name as HTMLInputElement).value).toBe('Anna');
    expect(dialog.querySelectorAll('[data-draft-picture]')).toHaveLength(2);
    expect(onOpenChange).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Anna Red' } });
    expect(dialog.querySelector('[data-field-error="name"]')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save element' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[1]?.name).toBe('Anna Red');
  });

  it('names the picture the server refused, under the pictures', async () => {
    await i18n.changeLanguage('ru');
    serve(() =>
      json(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'Картинка 1: …',
        errors: [{ field: 'pictures.0', code: 'not_own_picture', message: '…' }],
      }),
    );
    const { dialog, pick } = show();
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Маяк' } });
    pick([png('a.png')]);
    await waitFor(() =>
      expect(dialog.querySelectorAll('[data-draft-picture][data-state="ready"]')).toHaveLength(1),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить элемент' }));
    await waitFor(() =>
      expect(dialog.querySelector('[data-field-error="pictures"]')?.textContent).toBe(
        'Картинка 1: это должна быть ваша картинка в Кадре. Загрузите её ещё раз.',
      ),
    );
    expect(dialog.querySelector('[data-draft-picture] div')?.className).toContain('border-red-400');
  });
});

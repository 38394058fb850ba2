import '~/locales/app';
import '~/locales/app-run';
import '~/locales/app-studio';
import { getModel } from '@kadr/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTexts } from '~/lib/i18n';
import { ParameterField } from './parameter-field';

afterEach(cleanup);

const lastFrame = getModel('seedance-pro')?.parameters.find((p) => p.name === 'last_frame_image');
const first = '/api/files/0f5e2b7c-1d3a-4c9b-8e7f-aa55cc3311ee/first.png';

async function show(lang: 'ru' | 'en', values: Record<string, string | null>) {
  await i18n.changeLanguage(lang);
  await loadTexts(lang);
  if (!lastFrame) throw new Error('seedance-pro has no last_frame_image');
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ParameterField
        def={lastFrame}
        value={values.last_frame_image ?? null}
        values={values}
        onChange={onChange}
        onUploadingChange={() => {}}
      />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('an end frame (issue #48)', () => {
  it('can be one of the library’s pictures', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        items: [
          {
            id: 'el-1',
            kind: 'character',
            name: 'Аня',
            description: '',
            cover: { id: 'p1', url: '/api/files/p1/a.png', width: 600, height: 800 },
            pictures: [{ id: 'p1', url: '/api/files/p1/a.png', width: 600, height: 800 }],
            archived: false,
            created: '2026-12-01T10:00:00.000Z',
            updated: '2026-12-01T10:00:00.000Z',
            training: null,
            trained_model: null,
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const onChange = await show('ru', { image: first, last_frame_image: null });
    fireEvent.click(await screen.findByRole('button', { name: /библиотек/i }));
    fireEvent.click(await screen.findByRole('button', { name: /Аня/ }));
    expect(onChange).toHaveBeenCalledWith(`${window.location.origin}/api/files/p1/a.png`);
    vi.unstubAllGlobals();
  });

  it.each([
    ['ru', 'Последний кадр', 'Петля: закончить первым кадром'],
    ['en', 'Last frame', 'Loop: end on the first frame'],
  ] as const)('%s: offers the first frame again, for a loop', async (lang, label, loop) => {
    const onChange = await show(lang, { image: first, last_frame_image: null });
    expect(await screen.findByText(label)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: loop }));
    expect(onChange).toHaveBeenCalledWith(first);
  });

  it('does not offer it once taken, nor without a first frame', async () => {
    await show('en', { image: first, last_frame_image: first });
    await screen.findByText('Last frame');
    expect(screen.queryByRole('button', { name: 'Loop: end on the first frame' })).toBeNull();
    cleanup();
    await show('en', { image: null, last_frame_image: null });
    await screen.findByText('Last frame');
    expect(screen.queryByRole('button', { name: 'Loop: end on the first frame' })).toBeNull();
  });
});

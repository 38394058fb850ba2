import '~/locales/app';
import '~/locales/app-run';
import '~/locales/app-studio';
import { getModel } from '@kadr/catalog';
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
    <ParameterField
      def={lastFrame}
      value={values.last_frame_image ?? null}
      values={values}
      onChange={onChange}
      onUploadingChange={() => {}}
    />,
  );
  return onChange;
}

describe('an end frame (issue #48)', () => {
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

import { describe, expect, it, vi } from 'vitest';
import { addTexts, hasText, loadTexts } from './i18n';
import { appMeta, screenMeta } from './meta';

describe('a signed-in screen’s meta', () => {
  it('is the app’s title while the screen’s texts load, and its own once they are in', async () => {
    const error = vi.spyOn(console, 'error');
    let arrive: (file: { default: object }) => void = () => {};
    const file = new Promise<{ default: object }>((resolve) => {
      arrive = resolve;
    });
    // The comparison's texts, registered as its code registers them, held back on the way.
    addTexts('app', 'compare', { ru: () => file, en: () => file });
    const loading = loadTexts('ru');

    expect(hasText('app:compare.meta.title')).toBe(false);
    expect(screenMeta('compare', '/compare')).toBe(appMeta);

    arrive({
      default: { meta: { title: 'Сравнение — Kadr', description: 'Одна идея, три модели.' } },
    });
    await loading;
    expect(hasText('app:compare.meta.title')).toBe(true);
    expect(hasText('app:compare.meta.nope')).toBe(false);
    const meta = screenMeta('compare', '/compare');
    expect(meta).toContainEqual({ title: 'Сравнение — Kadr' });
    expect(meta).toContainEqual({ name: 'description', content: 'Одна идея, три модели.' });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    // Asking before the texts were in reported nothing missing: the app's title stood in.
    expect(error).not.toHaveBeenCalled();
  });
});

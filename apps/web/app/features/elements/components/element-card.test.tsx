import '~/locales/app';
import type { ElementPicture, LibraryElement } from '@kadr/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/lib/i18n';
import { ElementCard } from './element-card';

function element(pictureCount: number, kind: LibraryElement['kind'] = 'character') {
  const pictures: ElementPicture[] = Array.from({ length: pictureCount }, (_, index) => ({
    id: `p${index}`,
    url: `/api/files/p${index}/p.png`,
    width: 640,
    height: 800,
  }));
  return {
    id: 'e1',
    kind,
    name: 'Аня',
    description: '',
    cover: pictures[1] ?? pictures[0] ?? null,
    pictures,
    archived: false,
    created: '2026-05-01T10:00:00.000Z',
    updated: '2026-05-01T10:00:00.000Z',
    training: null,
    trained_model: null,
  } satisfies LibraryElement;
}

function summary(item: LibraryElement) {
  cleanup();
  render(<ElementCard element={item} onOpen={() => {}} />);
  return document.querySelector('[data-element-summary]')?.textContent;
}

afterEach(cleanup);

describe('an element’s card', () => {
  it('in Russian: the kind and the pictures counted with the right plural', async () => {
    await i18n.changeLanguage('ru');
    expect(summary(element(1))).toBe('Персонаж · 1 картинка');
    expect(summary(element(2))).toBe('Персонаж · 2 картинки');
    expect(summary(element(4, 'product'))).toBe('Товар · 4 картинки');
    expect(summary(element(5))).toBe('Персонаж · 5 картинок');
    expect(summary(element(11))).toBe('Персонаж · 11 картинок');
    expect(summary(element(20))).toBe('Персонаж · 20 картинок');
  });

  it('in English: one picture, then pictures', async () => {
    await i18n.changeLanguage('en');
    expect(summary(element(1))).toBe('Character · 1 picture');
    expect(summary(element(2, 'product'))).toBe('Product · 2 pictures');
    expect(summary(element(20))).toBe('Character · 20 pictures');
  });

  it('shows its cover and opens the element', async () => {
    await i18n.changeLanguage('ru');
    const onOpen = vi.fn();
    render(<ElementCard element={element(3)} onOpen={onOpen} />);
    const card = screen.getByRole('button', { name: /Аня/ });
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/files/p1/p.png');
    card.click();
    expect(onOpen).toHaveBeenCalledWith('e1');
  });

  it('marks a character being trained, and one trained, in both languages', async () => {
    const badge = (item: LibraryElement) => {
      cleanup();
      render(<ElementCard element={item} onOpen={() => {}} />);
      return document.querySelector('[data-element-badge]')?.textContent ?? null;
    };
    const training = {
      id: 't1',
      status: 'processing',
      cost: 150,
      refunded: false,
      pictures: 12,
      error: null,
      created: '2026-05-01T10:00:00.000Z',
      finished: null,
    } as const;
    const running = { ...element(12), training };
    const trained = { ...element(12), trained_model: 'flux-character' };
    await i18n.changeLanguage('ru');
    expect(badge(element(12))).toBeNull();
    expect(badge(running)).toBe('Обучается');
    expect(badge(trained)).toBe('Обучен');
    cleanup();
    await i18n.changeLanguage('en');
    expect(badge(running)).toBe('Training');
    expect(badge(trained)).toBe('Trained');
  });
});

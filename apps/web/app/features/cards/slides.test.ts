import { getCardScene, getMarketplacePreset, type MarketplacePreset } from '@kadr/catalog';
import { type CardSet, cardLimits, cardSetBodySchema, type Slide } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import {
  type KindTitles,
  moveSlide,
  newCardSet,
  removeSlide,
  setVersion,
  slideVersion,
  startingSlides,
  withBackdrop,
} from './slides';

const titles: KindTitles = {
  features: 'Преимущества',
  sizes: 'Размеры',
  'in-use': 'В деле',
  details: 'Детали',
};

function preset(id: string): MarketplacePreset {
  const found = getMarketplacePreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
}

const photo = 'https://kadr.test/api/files/4c0a1f9e-0000-4000-8000-000000000001/photo.png';

describe('a new set', () => {
  it('holds the preset’s default slides: main (the name), features, sizes, in use, details', () => {
    const slides = startingSlides(preset('wildberries'), 'Кружка', titles);
    expect(slides.map((slide) => [slide.kind, slide.title])).toEqual([
      ['main', 'Кружка'],
      ['features', 'Преимущества'],
      ['sizes', 'Размеры'],
      ['in-use', 'В деле'],
      ['details', 'Детали'],
    ]);
    // Bullets to type into, each with its icon; the sizes slide takes callouts instead.
    expect(slides[1]?.bullets).toEqual([
      { text: '', icon: 'check' },
      { text: '', icon: 'star' },
      { text: '', icon: 'shield' },
    ]);
    expect(slides[2]?.bullets).toEqual([]);
    expect(slides[2]?.callouts).toHaveLength(2);
    expect(slides.every((slide) => !slide.logo)).toBe(true);
  });

  it.each(['wildberries', 'ozon', 'yandex-market', 'square'])(
    'for %s is a body the contract takes, on a drawn backdrop the catalogue has',
    (id) => {
      const body = newCardSet(preset(id), photo, '  Кружка керамическая  ', titles);
      expect(cardSetBodySchema.safeParse(body).success).toBe(true);
      expect(body).toMatchObject({ name: 'Кружка керамическая', preset: id, cutout: null });
      expect(body.slides).toHaveLength(preset(id).slides.default);
      expect(getCardScene(body.backdrop)?.drawn).toBeDefined();
    },
  );

  it('keeps a long name within the limits of a name and a title', () => {
    const body = newCardSet(preset('ozon'), photo, 'Ы'.repeat(200), titles);
    expect(body.name).toHaveLength(cardLimits.name);
    expect(body.slides[0]?.title.length).toBeLessThanOrEqual(cardLimits.title);
    expect(cardSetBodySchema.safeParse(body).success).toBe(true);
  });
});

const slide = (title: string): Slide => ({
  kind: 'features',
  picture: 'cutout',
  title,
  bullets: [],
  badge: '',
  callouts: [],
  logo: false,
});
const titlesOf = (slides: readonly Slide[]) => slides.map((each) => each.title).join('');

describe('moving and removing slides', () => {
  const slides = ['a', 'b', 'c', 'd'].map(slide);

  it.each([
    [0, 1, 'bacd'],
    [3, 2, 'abdc'],
    [1, 3, 'acdb'],
    [2, 0, 'cabd'],
    [0, -1, 'abcd'],
    [3, 4, 'abcd'],
  ])('%i → %i gives %s', (from, to, expected) => {
    expect(titlesOf(moveSlide(slides, from, to))).toBe(expected);
  });

  it('removes the slide asked for, but never the last one', () => {
    expect(titlesOf(removeSlide(slides, 1))).toBe('acd');
    expect(titlesOf(removeSlide([slide('a')], 0))).toBe('a');
  });
});

describe('the backdrop', () => {
  const body = newCardSet(preset('wildberries'), photo, 'Кружка', titles);

  it('an AI scene shows on every slide that showed the cut-out but the main one', () => {
    const scened = withBackdrop(body, 'kitchen', 'gen-scene');
    expect(scened).toMatchObject({ backdrop: 'kitchen', scene: 'gen-scene' });
    expect(scened.slides.map((each) => each.picture)).toEqual([
      'cutout',
      'scene',
      'scene',
      'scene',
      'photo',
    ]);
  });

  it('a drawn one puts the cut-out back, and keeps the scene made', () => {
    const back = withBackdrop(withBackdrop(body, 'kitchen', 'gen-scene'), 'soft-grey');
    expect(back).toMatchObject({ backdrop: 'soft-grey', scene: 'gen-scene' });
    expect(back.slides.map((each) => each.picture)).toEqual(body.slides.map((s) => s.picture));
  });
});

describe('the versions previews and the check are keyed on', () => {
  const kit = '{"font":"manrope"}';
  const set = {
    id: 's',
    updated: '2026-11-26T10:00:00.000Z',
    preset: 'wildberries',
    backdrop: 'studio-white',
    slides: newCardSet(preset('wildberries'), photo, 'Кружка', titles).slides,
    pictures: { photo: { url: '/p', width: 1, height: 1 }, cutout: null, scene: null },
  } as unknown as CardSet;
  const cutout = { ...set.pictures, cutout: { url: '/c', width: 1, height: 1 } };

  it('the check’s: changes with a save, a picture made and the brand kit, and only then', () => {
    const base = setVersion(set, kit);
    expect(setVersion({ ...set }, kit)).toBe(base);
    expect(setVersion({ ...set, updated: '2026-11-26T10:00:01.000Z' }, kit)).not.toBe(base);
    expect(setVersion({ ...set, pictures: cutout }, kit)).not.toBe(base);
    expect(setVersion(set, '{"font":"rubik"}')).not.toBe(base);
  });

  it('a slide’s: changes with that slide, the marketplace, a picture or the kit — not another slide', () => {
    const base = slideVersion(set, kit, 1);
    const edited = set.slides.map((slide, i) => (i === 3 ? { ...slide, title: 'Новое' } : slide));
    expect(
      slideVersion({ ...set, slides: edited, updated: '2026-11-26T10:00:01.000Z' }, kit, 1),
    ).toBe(base);
    expect(slideVersion({ ...set, slides: edited }, kit, 3)).not.toBe(slideVersion(set, kit, 3));
    expect(slideVersion({ ...set, preset: 'ozon' }, kit, 1)).not.toBe(base);
    expect(slideVersion({ ...set, backdrop: 'soft-grey' }, kit, 1)).not.toBe(base);
    expect(slideVersion({ ...set, pictures: cutout }, kit, 1)).not.toBe(base);
    expect(slideVersion(set, '{"font":"rubik"}', 1)).not.toBe(base);
  });
});

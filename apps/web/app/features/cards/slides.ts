import { getCardScene, type MarketplacePreset } from '@kadr/catalog';
import {
  type BulletIcon,
  type CalloutPlacement,
  type CardBullet,
  type CardCallout,
  type CardSet,
  type CardSetBody,
  cardLimits,
  type Slide,
  type SlideKind,
  type SlidePicture,
} from '@kadr/contract';

/**
 * A card set as the workshop edits it (ADR 039): the slides of a new set, adding, removing and
 * moving slides, the backdrop's effect on what each slide shows. Pure: no request, no React.
 */

/** Each kind's starting title, in the person's language (the main slide takes the set's name). */
export type KindTitles = Readonly<Record<Exclude<SlideKind, 'main'>, string>>;

/** The kinds a new set's slides take, in order; a preset with more slides repeats the last ones. */
const startingKinds: readonly SlideKind[] = ['main', 'features', 'sizes', 'in-use', 'details'];

const startingIcons: readonly BulletIcon[] = ['check', 'star', 'shield'];

/** What a slide of a kind shows and holds when it is added: empty fields to type into. */
export function newSlide(kind: SlideKind, title: string): Slide {
  const bullets: CardBullet[] =
    kind === 'sizes' ? [] : startingIcons.map((icon) => ({ text: '', icon }));
  return {
    kind,
    picture: kind === 'details' ? 'photo' : 'cutout',
    title,
    bullets,
    badge: '',
    callouts: kind === 'sizes' ? [newCallout(), newCallout()] : [],
    logo: false,
  };
}

/** A callout to type into; with no placement, a sizes slide puts it where its label says. */
export function newCallout(): CardCallout {
  return { label: '', value: '' };
}

/**
 * The callout put where the seller chose on a sizes slide; `auto` drops the choice, so the callout
 * is stored as one never moved and goes where its label says.
 */
export function withPlacement(callout: CardCallout, placement: CalloutPlacement): CardCallout {
  const { placement: _, ...rest } = callout;
  return placement === 'auto' ? rest : { ...rest, placement };
}

/** The title a new slide of `kind` starts with. */
function kindTitle(kind: SlideKind, name: string, titles: KindTitles): string {
  return (kind === 'main' ? name : titles[kind]).slice(0, cardLimits.title);
}

/** A new set's slides: the preset's default number, main first. */
export function startingSlides(
  preset: MarketplacePreset,
  name: string,
  titles: KindTitles,
): Slide[] {
  const count = Math.min(preset.slides.default, preset.slides.max, cardLimits.slides);
  return Array.from({ length: count }, (_, index) => {
    const kind = startingKinds[Math.min(index, startingKinds.length - 1)] ?? 'details';
    return newSlide(kind, kindTitle(kind, name, titles));
  });
}

/** A new set for a photo: the marketplace's default slides, the studio-white backdrop. */
export function newCardSet(
  preset: MarketplacePreset,
  photo: string,
  name: string,
  titles: KindTitles,
): CardSetBody {
  const trimmed = name.trim().slice(0, cardLimits.name);
  return {
    name: trimmed,
    preset: preset.id,
    photo,
    cutout: null,
    scene: null,
    backdrop: 'studio-white',
    slides: startingSlides(preset, trimmed, titles),
  };
}

/** The most slides the set may have for its preset. */
export function maxSlides(preset: MarketplacePreset): number {
  return Math.min(preset.slides.max, cardLimits.slides);
}

/** Moves the slide at `from` to `to`, the others keeping their order. */
export function moveSlide(slides: readonly Slide[], from: number, to: number): Slide[] {
  const next = [...slides];
  const [moved] = next.splice(from, 1);
  if (!moved || to < 0 || to > next.length) return [...slides];
  next.splice(to, 0, moved);
  return next;
}

/** The slide at `index` removed; the last slide stays (a set has at least one). */
export function removeSlide(slides: readonly Slide[], index: number): Slide[] {
  if (slides.length <= 1) return [...slides];
  return slides.filter((_, at) => at !== index);
}

/** The body a set is saved with: what the seller edits, without what the server adds. */
export function bodyOf(set: CardSet): CardSetBody {
  return {
    name: set.name,
    preset: set.preset,
    photo: set.photo,
    cutout: set.cutout,
    scene: set.scene,
    backdrop: set.backdrop,
    slides: set.slides,
  };
}

/** Whether a backdrop is one Kadr draws itself (free) rather than an AI scene. */
export function isDrawnBackdrop(id: string): boolean {
  return getCardScene(id)?.drawn !== undefined;
}

/**
 * The set with `backdrop` as the look behind the product. A drawn one puts the cut-out back where
 * a slide showed the scene; an AI scene (made or being made as `scene`) shows on every slide that
 * showed the cut-out but the main one, which keeps the clean backdrop marketplaces ask for.
 */
export function withBackdrop(
  body: CardSetBody,
  backdrop: string,
  scene: string | null = body.scene,
): CardSetBody {
  const drawn = isDrawnBackdrop(backdrop);
  const swap = (picture: SlidePicture, index: number): SlidePicture => {
    if (drawn) return picture === 'scene' ? 'cutout' : picture;
    return picture === 'cutout' && index > 0 ? 'scene' : picture;
  };
  return {
    ...body,
    backdrop,
    scene,
    slides: body.slides.map((slide, index) => ({ ...slide, picture: swap(slide.picture, index) })),
  };
}

/**
 * What the set's check is keyed on, so that it is asked again whenever its answer may change: the
 * save (`updated`), which of the set's pictures exist, and the brand kit as it stands.
 */
export function setVersion(set: CardSet, kit: string): string {
  const pictures = [set.pictures.photo, set.pictures.cutout, set.pictures.scene]
    .map((picture) => (picture ? '1' : '0'))
    .join('');
  return `${Date.parse(set.updated).toString(36)}.${pictures}.${hash(kit)}`;
}

/**
 * What one slide's preview address carries: everything its drawing depends on (the slide, the
 * marketplace, the backdrop, the pictures and the brand kit), so an edit of one slide asks the
 * server again for that slide only and the others stay as the browser has them.
 */
export function slideVersion(set: CardSet, kit: string, index: number): string {
  const { photo, cutout, scene } = set.pictures;
  const drawnFrom = [
    set.slides[index],
    set.preset,
    set.backdrop,
    photo?.url,
    cutout?.url,
    scene?.url,
  ];
  return `${hash(JSON.stringify(drawnFrom))}.${hash(kit)}`;
}

/** A short, stable fingerprint of a text (FNV-1a), for cache keys; not for security. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}

/**
 * A card's layout, pure: where the picture goes, and every panel, icon, badge, rule and text block
 * with its fitted lines, at the preset's own size. The renderer draws exactly this (scaled for a
 * preview); tests read it. Everything text-like and badge-like stays inside the preset's safe area.
 */
import { type CardScene, calloutPlaces, type MarketplacePreset, safeArea } from '@kadr/catalog';
import type {
  BadgeStyle,
  BrandKit,
  BulletIcon,
  CardBullet,
  CardCallout,
  Slide,
  SlidePicture,
} from '@kadr/contract';
import { luminance, mix, readableOn } from './colour.ts';
import { cutAt, type FitOptions, fitAt, sizeSteps, type TextFit, type TextStyle } from './text.ts';

export type Rect = { x: number; y: number; width: number; height: number };

export type TextRole = 'title' | 'bullet' | 'badge' | 'callout-label' | 'callout-value';

export type TextBlock = {
  role: TextRole;
  /** The box the text was fitted to; its ink stays inside. */
  box: Rect;
  style: TextStyle;
  colour: string;
  align: 'left' | 'center';
  fit: TextFit;
};

export type Shape =
  | { kind: 'panel'; rect: Rect; radius: number; colour: string; opacity: number }
  /** A badge's shape; a ribbon's right end is cut in by `notch`. */
  | { kind: 'badge'; style: BadgeStyle; rect: Rect; colour: string; notch: number }
  | { kind: 'icon'; icon: BulletIcon; rect: Rect; background: string; colour: string }
  | { kind: 'rule'; rect: Rect; colour: string }
  | {
      kind: 'dimension';
      axis: 'horizontal' | 'vertical';
      /** The measured span: from (x, y) along the axis for `length`. */
      x: number;
      y: number;
      length: number;
      /** The stroke's width and the end ticks' length. */
      stroke: number;
      tick: number;
      colour: string;
    };

export type PictureLayout = {
  /** Where the picture is drawn: contained (a cut-out, whole) or covering the card. */
  rect: Rect;
  mode: 'contain' | 'cover';
  /** The soft floor shadow under a cut-out, an ellipse in this rect (null when covering). */
  shadow: Rect | null;
  /** A soft disc of the accent's tint behind a cut-out (null when covering). */
  halo: { x: number; y: number; radius: number; colour: string } | null;
};

/**
 * What the layout could not show whole, by the check's field names (`title`, `bullets.<i>`,
 * `badge`, `callouts.<i>.label`, `callouts.<i>.value`, `i` counting the slide's own arrays):
 * `dropped` when it got no room at all, `cut` when it ends in an ellipsis.
 */
export type Omission = { field: string; how: 'dropped' | 'cut' };

export type CardLayout = {
  width: number;
  height: number;
  safe: Rect;
  /** The backdrop drawn behind a cut-out (or shown where no picture is yet). */
  backdrop: { from: string; to: string };
  /** Null when the slide has no picture yet. */
  picture: PictureLayout | null;
  /** Drawn in order, under the text. */
  shapes: Shape[];
  texts: TextBlock[];
  /** The box the brand kit's logo is contained in, when the slide shows it. */
  logo: Rect | null;
  /** The texts left off the card or cut short, in the order they were laid out. */
  omitted: Omission[];
};

export type LayoutInput = {
  preset: MarketplacePreset;
  slide: Slide;
  kit: BrandKit;
  /** The picture's own size (null when there is none yet) and which picture it is. */
  picture: { width: number; height: number } | null;
  pictureKind: SlidePicture;
  backdrop: CardScene;
};

/** How far a panel's soft shadow reaches, in hundredths of the card's shorter side. */
export const shadowReach = 1.2;

/** Studio white when a scene has no drawn colours (an AI scene shown before it is made). */
const fallbackBackdrop = { from: '#ffffff', to: '#eeeff2' };

/** What every part of a layout needs: the card's measures, the kit's styles and colours. */
type Context = {
  input: LayoutInput;
  /** One hundredth of the card's shorter side: every measure below is in these. */
  u: number;
  /** The safe area less the panels' shadows: where the content is laid out. */
  safe: Rect;
  /** Whether the picture covers the card (a scene or a photo): text then sits on panels. */
  cover: boolean;
  title: TextStyle;
  body: TextStyle;
  colours: {
    text: string;
    muted: string;
    accent: string;
    onAccent: string;
    panel: string;
  };
  shapes: Shape[];
  texts: TextBlock[];
  omitted: Omission[];
  /** Set by the header when the slide shows the logo. */
  logoBox?: Rect;
};

const bottom = (rect: Rect) => rect.y + rect.height;
const right = (rect: Rect) => rect.x + rect.width;

/** An item of the slide's own array with its place there (what the check names it by). */
type Indexed<T> = { item: T; index: number };

/** The items with their places, those with nothing typed left out. */
function indexed<T>(items: readonly T[], typed: (item: T) => boolean): Indexed<T>[] {
  return items.flatMap((item, index) => (typed(item) ? [{ item, index }] : []));
}

/**
 * Notes a text the smallest size could only show cut with an ellipsis (or, in a box with no room
 * for a line, not at all).
 */
function noteCut(context: Context, field: string, fit: TextFit): void {
  if (fit.truncated) {
    context.omitted.push({ field, how: fit.lines.length > 0 ? 'cut' : 'dropped' });
  }
}

function block(
  context: Context,
  role: TextRole,
  box: Rect,
  style: TextStyle,
  colour: string,
  align: 'left' | 'center',
  fit: TextFit,
): void {
  context.texts.push({ role, box, style, colour, align, fit });
}

/** A group of texts fitted at one shared size: the first size at which `measure` fits `room`. */
function fitGroup<T>(
  maxSize: number,
  minSize: number,
  attempt: (size: number, mode: 'whole' | 'hyphenate') => T | null,
  atMinimum: (size: number) => T,
): T {
  for (const { size, mode } of sizeSteps(maxSize, minSize)) {
    const fitted = attempt(size, mode);
    if (fitted) return fitted;
  }
  return atMinimum(Math.ceil(minSize));
}

/**
 * The title at the top (with the logo's box beside it when shown), an accent rule under it, and
 * a pill or ribbon badge under that. Returns where the content below may start.
 */
function header(context: Context): number {
  const { u, safe, input } = context;
  // The same on every slide, so a set's titles line up.
  const maxHeight = safe.height * 0.24;
  const logoBox = input.slide.logo ? { width: 20 * u, height: 9 * u } : null;
  const titleWidth = safe.width - (logoBox ? logoBox.width + 3 * u : 0);
  let y = safe.y;
  const panelled = context.cover || needsPanel(context);
  const pad = panelled ? 2.4 * u : 0;
  const title = input.slide.title.trim();
  if (title) {
    const options: FitOptions = {
      width: titleWidth - 2 * pad,
      height: maxHeight - 2 * pad,
      maxSize: 7.2 * u,
      minSize: 3.4 * u,
      leading: 1.08,
      maxLines: 3,
    };
    const fit = fitGroup(
      options.maxSize,
      options.minSize,
      (size, mode) => fitAt(title, context.title, options, size, mode),
      (size) => cutAt(title, context.title, options, size),
    );
    if (panelled) {
      context.shapes.push({
        kind: 'panel',
        rect: { x: safe.x, y, width: fit.width + 2 * pad, height: fit.height + 2 * pad },
        radius: 2.4 * u,
        colour: context.colours.panel,
        opacity: 0.94,
      });
    }
    // On a panel the box is the panel's inside, as wide as the longest line.
    const width = panelled ? fit.width : options.width;
    const box = { x: safe.x + pad, y: y + pad, width, height: fit.height };
    block(context, 'title', box, context.title, context.colours.text, 'left', fit);
    noteCut(context, 'title', fit);
    y = bottom(box) + pad + 2 * u;
  }
  if (!panelled && title) {
    context.shapes.push({
      kind: 'rule',
      rect: { x: safe.x, y, width: 10 * u, height: 0.9 * u },
      colour: context.colours.accent,
    });
    y += 0.9 * u + 2.4 * u;
  }
  const badge = input.slide.badge.trim();
  if (badge && input.kit.badgeStyle !== 'circle') {
    y = bottom(flatBadge(context, badge, safe.x, y, titleWidth * 0.8)) + 2.4 * u;
  }
  if (logoBox) {
    context.logoBox = { x: right(safe) - logoBox.width, y: safe.y, ...logoBox };
  }
  return Math.max(y, logoBox ? safe.y + logoBox.height + 2 * u : y);
}

/** Whether the kit's text colour would not read on the drawn backdrop without a panel. */
function needsPanel(context: Context): boolean {
  const { from, to } = context.input.backdrop.drawn ?? fallbackBackdrop;
  const backdrop = mix(from, to, 0.5);
  const a = luminance(context.colours.text);
  const b = luminance(backdrop);
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05) < 3;
}

/** A pill or ribbon badge with its text, at (x, y), no wider than `maxWidth`. */
function flatBadge(context: Context, text: string, x: number, y: number, maxWidth: number): Rect {
  const { u } = context;
  const style = context.input.kit.badgeStyle;
  const padY = 1.1 * u;
  const padX = 2.2 * u;
  const notch = style === 'ribbon' ? 2.4 * u : 0;
  const options: FitOptions = {
    width: maxWidth - 2 * padX - notch,
    height: 12 * u,
    maxSize: 3 * u,
    minSize: 2 * u,
    leading: 1.1,
    maxLines: 2,
  };
  const fit = fitGroup(
    options.maxSize,
    options.minSize,
    (size, mode) => {
      const one = fitAt(text, context.title, { ...options, maxLines: 1 }, size, mode);
      return (
        one ?? (size <= options.minSize ? fitAt(text, context.title, options, size, mode) : null)
      );
    },
    (size) => cutAt(text, context.title, options, size),
  );
  const rect = {
    x,
    y,
    width: fit.width + 2 * padX + notch,
    height: fit.height + 2 * padY,
  };
  context.shapes.push({ kind: 'badge', style, rect, colour: context.colours.accent, notch });
  const box = { x: x + padX, y: y + padY, width: fit.width, height: fit.height };
  block(context, 'badge', box, context.title, context.colours.onAccent, 'left', fit);
  noteCut(context, 'badge', fit);
  return rect;
}

/** A round badge of diameter `size` whose top-right corner is at (x, y). */
function circleBadge(context: Context, text: string, x: number, y: number, size: number): void {
  const { u } = context;
  const rect = { x: x - size, y, width: size, height: size };
  context.shapes.push({
    kind: 'badge',
    style: 'circle',
    rect,
    colour: context.colours.accent,
    notch: 0,
  });
  const side = size * 0.68;
  const options: FitOptions = {
    width: side,
    height: side,
    maxSize: 3.4 * u,
    minSize: 1.8 * u,
    leading: 1.05,
    maxLines: 3,
  };
  const fit = fitGroup(
    options.maxSize,
    options.minSize,
    (s, mode) => fitAt(text, context.title, options, s, mode),
    (s) => cutAt(text, context.title, options, s),
  );
  const box = {
    x: rect.x + (size - side) / 2,
    y: rect.y + (size - fit.height) / 2,
    width: side,
    height: fit.height,
  };
  block(context, 'badge', box, context.title, context.colours.onAccent, 'center', fit);
  noteCut(context, 'badge', fit);
}

type BulletPlan = {
  size: number;
  items: { bullet: Indexed<CardBullet>; fit: TextFit; height: number }[];
  height: number;
};

/**
 * Notes what a bullet list or grid left out: every typed bullet not among `shown` was dropped, and
 * each shown one that ends in an ellipsis was cut.
 */
function noteBullets(
  context: Context,
  list: readonly Indexed<CardBullet>[],
  shown: readonly { bullet: Indexed<CardBullet>; fit: TextFit }[],
): void {
  const placed = new Map(shown.map(({ bullet, fit }) => [bullet.index, fit]));
  for (const { index } of list) {
    const fit = placed.get(index);
    if (fit) noteCut(context, `bullets.${index}`, fit);
    else context.omitted.push({ field: `bullets.${index}`, how: 'dropped' });
  }
}

/**
 * The bullets as a list of panels, one per bullet, each with its icon: all at one size, the
 * largest at which the list fits `region`. At the smallest size each bullet gets an equal share of
 * the height and is cut with an ellipsis if it needs more; bullets that would not get even one
 * line there are left off the card rather than overflow, and the layout's `omitted` names them.
 */
function bulletList(
  context: Context,
  bullets: readonly CardBullet[],
  region: Rect,
  align: 'top' | 'bottom' | 'center',
): Rect | null {
  const { u } = context;
  const list = indexed(bullets, (bullet) => bullet.text.trim() !== '');
  if (list.length === 0) return null;
  if (region.height <= 0) {
    noteBullets(context, list, []);
    return null;
  }
  const measures = (size: number) => {
    const padY = 0.62 * size;
    const padX = 0.7 * size;
    const icon = 1.9 * size;
    const gap = 0.65 * size;
    const between = Math.max(1.2 * u, 0.5 * size);
    return { padY, padX, icon, gap, between, text: region.width - 2 * padX - icon - gap };
  };
  const options = (size: number, height: number): FitOptions => ({
    width: measures(size).text,
    height,
    maxSize: size,
    minSize: size,
    leading: 1.18,
    maxLines: 4,
  });
  const plan = (
    shown: readonly Indexed<CardBullet>[],
    fits: (TextFit | null)[],
    size: number,
  ): BulletPlan | null => {
    const m = measures(size);
    const items: BulletPlan['items'] = [];
    for (const [i, fit] of fits.entries()) {
      const bullet = shown[i];
      if (!fit || !bullet) return null;
      items.push({ bullet, fit, height: Math.max(m.icon, fit.height) + 2 * m.padY });
    }
    const height =
      items.reduce((sum, item) => sum + item.height, 0) + m.between * (items.length - 1);
    return height <= region.height + 1e-6 ? { size, items, height } : null;
  };
  const chosen = fitGroup<BulletPlan | null>(
    3.6 * u,
    2.1 * u,
    (size, mode) =>
      plan(
        list,
        list.map(({ item }) =>
          fitAt(item.text.trim(), context.body, options(size, region.height), size, mode),
        ),
        size,
      ),
    (size) => {
      const m = measures(size);
      const oneLine = cutAt('Ж', context.body, options(size, region.height), size).height;
      const item = Math.max(m.icon, oneLine) + 2 * m.padY;
      const room = Math.floor((region.height + m.between) / (item + m.between) + 1e-9);
      const shown = list.slice(0, Math.max(0, room));
      if (shown.length === 0) return null;
      const share = (region.height - m.between * (shown.length - 1)) / shown.length - 2 * m.padY;
      const fits = shown.map(({ item }) =>
        cutAt(item.text.trim(), context.body, options(size, Math.max(share, oneLine)), size),
      );
      return plan(shown, fits, size);
    },
  );
  noteBullets(context, list, chosen?.items ?? []);
  if (!chosen) return null;
  const m = measures(chosen.size);
  const spare = region.height - chosen.height;
  let y = region.y + (align === 'top' ? 0 : align === 'bottom' ? spare : spare / 2);
  const top = y;
  for (const item of chosen.items) {
    const rect = { x: region.x, y, width: region.width, height: item.height };
    context.shapes.push({
      kind: 'panel',
      rect,
      radius: Math.min(2.4 * u, item.height / 2),
      colour: context.colours.panel,
      opacity: context.cover ? 0.92 : 1,
    });
    const iconRect = {
      x: rect.x + m.padX,
      y: rect.y + (rect.height - m.icon) / 2,
      width: m.icon,
      height: m.icon,
    };
    context.shapes.push({
      kind: 'icon',
      icon: item.bullet.item.icon,
      rect: iconRect,
      background: context.colours.accent,
      colour: context.colours.onAccent,
    });
    const box = {
      x: right(iconRect) + m.gap,
      y: rect.y + (rect.height - item.fit.height) / 2,
      width: m.text,
      height: item.fit.height,
    };
    block(context, 'bullet', box, context.body, context.colours.text, 'left', item.fit);
    y += item.height + m.between;
  }
  return { x: region.x, y: top, width: region.width, height: chosen.height };
}

/**
 * The bullets as a grid of cells under a wide product: each an icon over its centred text, up to
 * three a row, all at one size; cut at the smallest size as the list is.
 */
function bulletGrid(context: Context, bullets: readonly CardBullet[], region: Rect): Rect | null {
  const { u } = context;
  const list = indexed(bullets, (bullet) => bullet.text.trim() !== '');
  if (list.length === 0) return null;
  if (region.height <= 0) {
    noteBullets(context, list, []);
    return null;
  }
  const columns = list.length === 4 ? 2 : Math.min(3, list.length);
  const rows = Math.ceil(list.length / columns);
  const gap = 1.6 * u;
  const cell = (region.width - gap * (columns - 1)) / columns;
  const measures = (size: number) => {
    const pad = 0.8 * size;
    const icon = 2 * size;
    return { pad, icon, between: 0.5 * size, text: cell - 2 * pad };
  };
  const options = (size: number, height: number): FitOptions => ({
    width: measures(size).text,
    height,
    maxSize: size,
    minSize: size,
    leading: 1.15,
    maxLines: 3,
  });
  type Plan = { size: number; fits: TextFit[]; rowHeights: number[]; height: number };
  const plan = (fits: (TextFit | null)[], size: number): Plan | null => {
    if (fits.some((fit) => !fit)) return null;
    const m = measures(size);
    const rowHeights = Array.from({ length: rows }, (_, row) => {
      const inRow = fits.slice(row * columns, row * columns + columns) as TextFit[];
      return 2 * m.pad + m.icon + m.between + Math.max(...inRow.map((fit) => fit.height));
    });
    const height = rowHeights.reduce((sum, h) => sum + h, 0) + gap * (rows - 1);
    return height <= region.height + 1e-6
      ? { size, fits: fits as TextFit[], rowHeights, height }
      : null;
  };
  const chosen = fitGroup<Plan | null>(
    3.2 * u,
    2 * u,
    (size, mode) =>
      plan(
        list.map(({ item }) =>
          fitAt(item.text.trim(), context.body, options(size, region.height), size, mode),
        ),
        size,
      ),
    (size) => {
      const m = measures(size);
      const share = (region.height - gap * (rows - 1)) / rows - 2 * m.pad - m.icon - m.between;
      const fits = list.map(({ item }) =>
        cutAt(item.text.trim(), context.body, options(size, share), size),
      );
      return plan(fits, size);
    },
  );
  const shown = list.flatMap((bullet, i) => {
    const fit = chosen?.fits[i];
    return fit ? [{ bullet, fit }] : [];
  });
  noteBullets(context, list, shown);
  if (!chosen) return null;
  const m = measures(chosen.size);
  let y = bottom(region) - chosen.height;
  const top = y;
  for (let row = 0; row < rows; row++) {
    const items = list.slice(row * columns, row * columns + columns);
    const height = chosen.rowHeights[row] ?? 0;
    // A shorter last row is centred under the others.
    const offset = ((columns - items.length) * (cell + gap)) / 2;
    items.forEach((bullet, i) => {
      const fit = chosen.fits[row * columns + i];
      if (!fit) return;
      const rect = { x: region.x + offset + i * (cell + gap), y, width: cell, height };
      context.shapes.push({
        kind: 'panel',
        rect,
        radius: 2.4 * u,
        colour: context.colours.panel,
        opacity: context.cover ? 0.92 : 1,
      });
      const iconRect = {
        x: rect.x + (cell - m.icon) / 2,
        y: rect.y + m.pad,
        width: m.icon,
        height: m.icon,
      };
      context.shapes.push({
        kind: 'icon',
        icon: bullet.item.icon,
        rect: iconRect,
        background: context.colours.accent,
        colour: context.colours.onAccent,
      });
      const box = {
        x: rect.x + m.pad,
        y: bottom(iconRect) + m.between,
        width: m.text,
        height: fit.height,
      };
      block(context, 'bullet', box, context.body, context.colours.text, 'center', fit);
    });
    y += height + gap;
  }
  return { x: region.x, y: top, width: region.width, height: chosen.height };
}

type TilePlan = { size: number; values: TextFit[]; labels: TextFit[]; height: number };

/** A callout with a label or a value typed: one to show. */
const typedCallout = (c: CardCallout) => c.label.trim() !== '' || c.value.trim() !== '';

/**
 * Size or composition callouts as a row of tiles (label over value) sitting on `baseline`, no
 * taller than `maxHeight`; returns the row's rect.
 */
function calloutTiles(
  context: Context,
  callouts: readonly Indexed<CardCallout>[],
  x: number,
  width: number,
  baseline: number,
  maxHeight: number,
): Rect | null {
  const { u } = context;
  const list = callouts.map(({ item }) => item);
  if (list.length === 0) return null;
  const gap = 1.6 * u;
  const tileWidth = (width - gap * (list.length - 1)) / list.length;
  const pad = 1.6 * u;
  const inner = tileWidth - 2 * pad;
  const labelSize = (size: number) => Math.max(1.8 * u, Math.round(size * 0.56));
  const options = (size: number, height: number): FitOptions => ({
    width: inner,
    height,
    maxSize: size,
    minSize: size,
    leading: 1.08,
    maxLines: 2,
  });
  const height = (values: TextFit[], labels: TextFit[]) =>
    2 * pad +
    Math.max(...labels.map((f) => f.height)) +
    0.8 * u +
    Math.max(...values.map((f) => f.height));
  const chosen = fitGroup<TilePlan>(
    4.6 * u,
    2.4 * u,
    (size, mode) => {
      const values = list.map((c) =>
        fitAt(c.value.trim(), context.title, options(size, maxHeight), size, mode),
      );
      const labels = list.map((c) =>
        fitAt(
          c.label.trim(),
          context.body,
          options(labelSize(size), maxHeight),
          labelSize(size),
          mode,
        ),
      );
      if (values.some((f) => !f) || labels.some((f) => !f)) return null;
      const fits = { values: values as TextFit[], labels: labels as TextFit[] };
      const h = height(fits.values, fits.labels);
      return h <= maxHeight ? { size, ...fits, height: h } : null;
    },
    (size) => {
      const share = (maxHeight - 2 * pad - 0.8 * u) / 2;
      const values = list.map((c) =>
        cutAt(c.value.trim(), context.title, options(size, share), size),
      );
      const labels = list.map((c) =>
        cutAt(c.label.trim(), context.body, options(labelSize(size), share), labelSize(size)),
      );
      return { size, values, labels, height: height(values, labels) };
    },
  );
  const y = baseline - chosen.height;
  const labelHeight = Math.max(...chosen.labels.map((f) => f.height));
  callouts.forEach(({ item, index }, i) => {
    const value = chosen.values[i];
    const label = chosen.labels[i];
    if (!value || !label) return;
    if (item.label.trim()) noteCut(context, `callouts.${index}.label`, label);
    if (item.value.trim()) noteCut(context, `callouts.${index}.value`, value);
    const rect = { x: x + i * (tileWidth + gap), y, width: tileWidth, height: chosen.height };
    context.shapes.push({
      kind: 'panel',
      rect,
      radius: 2 * u,
      colour: context.colours.panel,
      opacity: context.cover ? 0.92 : 1,
    });
    const labelBox = { x: rect.x + pad, y: rect.y + pad, width: inner, height: label.height };
    block(context, 'callout-label', labelBox, context.body, context.colours.muted, 'center', label);
    const valueBox = {
      x: rect.x + pad,
      y: rect.y + pad + labelHeight + 0.8 * u,
      width: inner,
      height: value.height,
    };
    block(
      context,
      'callout-value',
      valueBox,
      context.title,
      context.colours.accent,
      'center',
      value,
    );
  });
  return { x, y, width, height: chosen.height };
}

/** A label and value beside a dimension line, fitted to a box; returns the height used. */
function dimensionText(
  context: Context,
  { item: callout, index }: Indexed<CardCallout>,
  box: Rect,
  align: 'left' | 'center',
): number {
  const { u } = context;
  const value = callout.value.trim();
  const label = callout.label.trim();
  const options = (height: number): FitOptions => ({
    width: box.width,
    height,
    maxSize: 4.2 * u,
    minSize: 2.2 * u,
    leading: 1.08,
    maxLines: 2,
  });
  const labelFit = cutOrFit(label, context.body, {
    ...options(box.height / 2),
    maxSize: 2.6 * u,
    minSize: 1.8 * u,
  });
  const labelBox = { x: box.x, y: box.y, width: box.width, height: labelFit.height };
  if (label) {
    block(context, 'callout-label', labelBox, context.body, context.colours.muted, align, labelFit);
    noteCut(context, `callouts.${index}.label`, labelFit);
  }
  const top = label ? bottom(labelBox) + 0.6 * u : box.y;
  const valueFit = cutOrFit(value, context.title, options(bottom(box) - top));
  const valueBox = { x: box.x, y: top, width: box.width, height: valueFit.height };
  if (value) {
    block(context, 'callout-value', valueBox, context.title, context.colours.text, align, valueFit);
    noteCut(context, `callouts.${index}.value`, valueFit);
  }
  return bottom(valueBox) - box.y;
}

function cutOrFit(text: string, style: TextStyle, options: FitOptions): TextFit {
  return fitGroup(
    options.maxSize,
    options.minSize,
    (size, mode) => fitAt(text, style, options, size, mode),
    (size) => cutAt(text, style, options, size),
  );
}

/** The largest rect of the picture's ratio inside `box`, centred (the box itself without one). */
function contain(box: Rect, picture: { width: number; height: number } | null): Rect {
  if (!picture || picture.width <= 0 || picture.height <= 0) return box;
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  };
}

function placePicture(context: Context, box: Rect): Rect {
  const { input } = context;
  const rect = contain(box, input.picture);
  return rect;
}

// --- The slide kinds -----------------------------------------------------------------------------

type Placed = { picture: Rect | null };

/** Whether the picture is wide enough that text beside it would cover it: text goes under it. */
function wide(context: Context): boolean {
  const picture = context.input.picture;
  return !context.cover && picture !== null && picture.width >= picture.height * 0.95;
}

/**
 * The picture beside a column of bullets (a tall product), or above a grid of them (a wide one);
 * `share` is the column's share of the width.
 */
function pictureWithBullets(
  context: Context,
  region: Rect,
  share: number,
  align: 'bottom' | 'center',
): Placed {
  const { u, input, cover } = context;
  const hasBullets = input.slide.bullets.some((b) => b.text.trim());
  if (cover) {
    // A scene or photo has its product in the middle: the bullets go under it, not over it.
    const height = region.height * 0.5;
    const list = { ...region, y: bottom(region) - height, width: region.width * 0.8, height };
    if (hasBullets) bulletList(context, input.slide.bullets, list, 'bottom');
    return { picture: null };
  }
  if (hasBullets && wide(context)) {
    const gridRegion = {
      ...region,
      y: region.y + region.height * 0.45,
      height: region.height * 0.55,
    };
    const grid = bulletGrid(context, input.slide.bullets, gridRegion);
    const floor = grid ? grid.y - 2.4 * u : bottom(region);
    return { picture: placePicture(context, { ...region, height: floor - region.y }) };
  }
  const column = { ...region, width: region.width * share };
  const list = hasBullets ? bulletList(context, input.slide.bullets, column, align) : null;
  const start = region.width * (share - 0.16);
  const box = list ? { ...region, x: region.x + start, width: region.width - start } : region;
  return { picture: placePicture(context, box) };
}

/**
 * A slide of the picture with its bullets beside or under it, over a row of callout tiles. The
 * main, features and details slides differ only in the room each part takes: the tiles' share of
 * the height, the gap above them (in units), the bullets' column share and their alignment.
 */
function pictureSlide(
  tileShare: number,
  gap: number,
  column: number,
  align: 'bottom' | 'center',
): (context: Context) => Placed {
  return (context) => {
    const { u, safe, input } = context;
    const top = header(context);
    const tiles = calloutTiles(
      context,
      indexed(input.slide.callouts, typedCallout),
      safe.x,
      safe.width,
      bottom(safe),
      safe.height * tileShare,
    );
    const floor = tiles ? tiles.y - gap * u : bottom(safe);
    circle(context, top);
    const region = { x: safe.x, y: top, width: safe.width, height: floor - top };
    return pictureWithBullets(context, region, column, align);
  };
}

/**
 * The picture with a dimension line beside it (a height or depth) and one under it (a width,
 * length or diameter), each callout on the line its meaning (or the seller) gives it; one callout
 * a line, the first of each. The others (a weight, a material, a second height) are tiles, as are
 * all of them over a picture covering the card.
 */
function sizesSlide(context: Context): Placed {
  const { u, safe, input, cover } = context;
  const top = header(context);
  const callouts = indexed(input.slide.callouts, typedCallout);
  const places = calloutPlaces(input.slide.callouts);
  const first = (place: 'vertical' | 'horizontal') =>
    cover ? undefined : callouts.find(({ index }) => places[index] === place);
  const up = first('vertical');
  const across = first('horizontal');
  const tiles = calloutTiles(
    context,
    callouts.filter((callout) => callout !== up && callout !== across),
    safe.x,
    safe.width,
    bottom(safe),
    safe.height * 0.18,
  );
  let floor = tiles ? tiles.y - 2.4 * u : bottom(safe);
  const hasBullets = input.slide.bullets.some((b) => b.text.trim());
  if (hasBullets) {
    const height = Math.min(safe.height * 0.3, floor - top - safe.height * 0.3);
    const list = bulletList(
      context,
      input.slide.bullets,
      { x: safe.x, y: floor - height, width: safe.width, height },
      'bottom',
    );
    if (list) floor = list.y - 2.4 * u;
  }
  circle(context, top);
  if (cover) return { picture: null };
  // Room for the dimension lines and their texts: under the picture and to its right.
  const under = across ? 12 * u : 0;
  const beside = up ? 24 * u : 0;
  const box = {
    x: safe.x + (up ? 2 * u : 0),
    y: top,
    width: safe.width - beside - (up ? 2 * u : 0),
    height: floor - top - under,
  };
  const picture = placePicture(context, box);
  const stroke = 0.35 * u;
  const tick = 2.2 * u;
  if (across) {
    const y = bottom(picture) + 2.4 * u;
    context.shapes.push({
      kind: 'dimension',
      axis: 'horizontal',
      x: picture.x,
      y,
      length: picture.width,
      stroke,
      tick,
      colour: context.colours.accent,
    });
    const width = Math.max(picture.width, 30 * u);
    const x = Math.min(
      Math.max(safe.x, picture.x + (picture.width - width) / 2),
      right(safe) - width,
    );
    dimensionText(
      context,
      across,
      { x, y: y + tick / 2 + 1.2 * u, width, height: floor - (y + tick / 2 + 1.2 * u) },
      'center',
    );
  }
  if (up) {
    const x = right(picture) + 2.4 * u;
    context.shapes.push({
      kind: 'dimension',
      axis: 'vertical',
      x,
      y: picture.y,
      length: picture.height,
      stroke,
      tick,
      colour: context.colours.accent,
    });
    const boxX = x + tick / 2 + 1.6 * u;
    const width = right(safe) - boxX;
    const height = Math.min(picture.height, 22 * u);
    const used = dimensionText(
      context,
      up,
      { x: boxX, y: picture.y + (picture.height - height) / 2, width, height },
      'left',
    );
    // Centre the text on the line: move what was placed by half the height it left unused.
    const shift = (height - used) / 2;
    for (const text of context.texts.slice(-2)) {
      if (text.box.x === boxX) text.box = { ...text.box, y: text.box.y + shift };
    }
  }
  return { picture };
}

function inUseSlide(context: Context): Placed {
  const { u, safe, input, cover } = context;
  const top = header(context);
  const hasBullets = input.slide.bullets.some((b) => b.text.trim());
  const tiles = calloutTiles(
    context,
    indexed(input.slide.callouts, typedCallout),
    safe.x,
    safe.width,
    bottom(safe),
    safe.height * 0.18,
  );
  let floor = tiles ? tiles.y - 2 * u : bottom(safe);
  if (hasBullets) {
    const height = Math.min(safe.height * 0.36, floor - top);
    const list = bulletList(
      context,
      input.slide.bullets,
      { x: safe.x, y: floor - height, width: safe.width * (cover ? 0.8 : 1), height },
      'bottom',
    );
    if (list) floor = list.y - 2 * u;
  }
  circle(context, top);
  if (cover) return { picture: null };
  return {
    picture: placePicture(context, { x: safe.x, y: top, width: safe.width, height: floor - top }),
  };
}

/** A round badge, at the top right under the header, when the kit draws badges round. */
function circle(context: Context, top: number): void {
  const badge = context.input.slide.badge.trim();
  if (!badge || context.input.kit.badgeStyle !== 'circle') return;
  const { u, safe } = context;
  const size = Math.min(21 * u, safe.width * 0.3);
  circleBadge(context, badge, right(safe), top, size);
}

const kinds: Record<Slide['kind'], (context: Context) => Placed> = {
  main: pictureSlide(0.2, 2.4, 0.5, 'bottom'),
  features: pictureSlide(0.18, 2.4, 0.56, 'center'),
  sizes: sizesSlide,
  'in-use': inUseSlide,
  // As large a product as on the features slide: the details sit beside or under it.
  details: pictureSlide(0.18, 2, 0.52, 'bottom'),
};

/** The layout of a slide at its preset's size. */
export function layoutCard(input: LayoutInput): CardLayout {
  const { preset, kit } = input;
  const u = Math.min(preset.width, preset.height) / 100;
  const cover = input.pictureKind !== 'cutout';
  const accent = kit.colours.accent;
  const backdrop = input.backdrop.drawn ?? fallbackBackdrop;
  const safe = safeArea(preset);
  // Panels keep clear of the safe area's sides and bottom by their shadow's reach (which falls
  // downwards), and of its top by a hair: nothing of the card touches the safe area's edge.
  const top = 0.4 * u;
  const inner = {
    x: safe.x + shadowReach * u,
    y: safe.y + top,
    width: safe.width - 2 * shadowReach * u,
    height: safe.height - top - 1.6 * shadowReach * u,
  };
  const context: Context = {
    input,
    u,
    safe: inner,
    cover,
    title: { font: kit.font, weight: 'bold' },
    body: { font: kit.font, weight: 'regular' },
    colours: {
      text: kit.colours.text,
      muted: mix(kit.colours.text, kit.colours.panel, 0.35),
      accent,
      onAccent: readableOn(accent, ['#ffffff', kit.colours.text, '#111111']),
      panel: kit.colours.panel,
    },
    shapes: [],
    texts: [],
    omitted: [],
  };
  const placed = kinds[input.slide.kind](context);
  let picture: PictureLayout | null = null;
  if (input.picture) {
    if (cover) {
      picture = {
        rect: { x: 0, y: 0, width: preset.width, height: preset.height },
        mode: 'cover',
        shadow: null,
        halo: null,
      };
    } else if (placed.picture) {
      const rect = placed.picture;
      picture = {
        rect,
        mode: 'contain',
        shadow: {
          x: rect.x + rect.width * 0.08,
          y: bottom(rect) - 2.2 * u,
          width: rect.width * 0.84,
          height: 4.4 * u,
        },
        halo: {
          x: rect.x + rect.width / 2,
          y: rect.y + rect.height / 2,
          radius: Math.min(0.46 * Math.hypot(rect.width, rect.height), 0.42 * preset.width),
          colour: mix(backdrop.from, accent, 0.1),
        },
      };
    }
  }
  return {
    width: preset.width,
    height: preset.height,
    safe,
    backdrop,
    picture,
    shapes: context.shapes,
    texts: context.texts,
    logo: context.logoBox ?? null,
    omitted: context.omitted,
  };
}

/**
 * A card rendered to a file: the backdrop (or the scene or photo covering the card), the cut-out
 * with its floor shadow, the layout's SVG and the logo composed in one sharp pipeline, encoded in
 * sRGB with the profile embedded, within the preset's byte limit.
 */
import type { CardFileFacts, CardFormat, CardScene, MarketplacePreset } from '@kadr/catalog';
import type { BrandKit, Slide, SlidePicture } from '@kadr/contract';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { type CardLayout, layoutCard, type Omission, type Rect } from './layout.ts';
import { staging } from './staging.ts';
import { overlaySvg } from './svg.ts';

export type CardRenderInput = {
  preset: MarketplacePreset;
  slide: Slide;
  kit: BrandKit;
  /**
   * The slide's place in its set, from 0, and the set's size. Nothing of them is drawn: a set's
   * cards look alike whatever their order (`cardFileName` numbers the files).
   */
  index: number;
  count: number;
  /** The bytes of the picture the slide shows (cut-out, scene or photo), or null if not made yet. */
  picture: Buffer | null;
  pictureKind: SlidePicture;
  /** The scene whose drawn colours are the backdrop behind a cut-out. */
  backdrop: CardScene;
  /** The brand kit's logo file, placed when the slide shows it. */
  logo: Buffer | null;
  /** Render smaller, for a preview: the width in px (default the preset's own). */
  width?: number;
};

export type RenderedCard = {
  data: Buffer;
  width: number;
  height: number;
  format: CardFormat;
  bytes: number;
  mime: string;
  /** What the layout left off the card or cut short (`CardLayout.omitted`): the check names it. */
  omitted: Omission[];
};

/** Pictures larger than this are refused before decoding (as the server's uploads are). */
const maxInputPixels = 50_000_000;
/** JPEG qualities tried in turn until the file is within the preset's limit. */
const qualities = [90, 84, 76, 68, 60, 50, 40];
/** A pixel of a cut-out counts as the product from this opacity up (its faint fringe does not). */
const visibleAlpha = 8;

/** A picture decoded once, as RGBA; for a cut-out, `crop` is its visible part. */
type Prepared = { data: Buffer; width: number; height: number; crop: Rect };

/** The smallest rect holding every pixel at least `visibleAlpha` opaque (all of it if none). */
function visibleBounds(data: Buffer, width: number, height: number): Rect {
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if ((data[row + x * 4 + 3] ?? 0) >= visibleAlpha) {
        first = x;
        break;
      }
    }
    if (first === -1) continue;
    let last = first;
    for (let x = width - 1; x > first; x--) {
      if ((data[row + x * 4 + 3] ?? 0) >= visibleAlpha) {
        last = x;
        break;
      }
    }
    top = Math.min(top, y);
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  if (bottom < 0) return { x: 0, y: 0, width, height };
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The picture decoded once, at most twice the card's size (JPEG shrinks while it decodes): a
 * cut-out is then cropped to its visible pixels, so the product, not its transparent margin, is
 * what fills the frame.
 */
async function preparePicture(
  picture: Buffer,
  kind: SlidePicture,
  bound: { width: number; height: number },
): Promise<Prepared> {
  const { data, info } = await sharp(picture, {
    limitInputPixels: maxInputPixels,
    autoOrient: true,
  })
    .resize(bound.width * 2, bound.height * 2, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const whole = { x: 0, y: 0, width: info.width, height: info.height };
  const crop = kind === 'cutout' ? visibleBounds(data, info.width, info.height) : whole;
  return { data, width: info.width, height: info.height, crop };
}

const px = (value: number, scale: number) => Math.round(value * scale);

function scaled(rect: Rect, scale: number): Rect {
  const x = px(rect.x, scale);
  const y = px(rect.y, scale);
  return {
    x,
    y,
    width: Math.max(1, px(rect.x + rect.width, scale) - x),
    height: Math.max(1, px(rect.y + rect.height, scale) - y),
  };
}

/** The picture's pixels for the card: covering it, or the cut-out at its rect (clipped to it). */
async function pictureLayer(
  layout: CardLayout,
  prepared: Prepared,
  scale: number,
  size: { width: number; height: number },
): Promise<{ cover: Buffer | null; layer: OverlayOptions | null }> {
  const placed = layout.picture;
  if (!placed) return { cover: null, layer: null };
  const image = () =>
    sharp(prepared.data, {
      raw: { width: prepared.width, height: prepared.height, channels: 4 },
    });
  if (placed.mode === 'cover') {
    const cover = await image()
      .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
      .removeAlpha()
      .raw()
      .toBuffer();
    return { cover, layer: null };
  }
  const rect = scaled(placed.rect, scale);
  const { crop } = prepared;
  const resized = await image()
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(rect.width, rect.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  // The layout keeps a cut-out inside the card; a rounding pixel over its edge is cut off.
  const left = Math.max(0, rect.x);
  const top = Math.max(0, rect.y);
  const width = Math.min(size.width, rect.x + rect.width) - left;
  const height = Math.min(size.height, rect.y + rect.height) - top;
  if (width <= 0 || height <= 0) return { cover: null, layer: null };
  const input =
    width === rect.width && height === rect.height
      ? resized
      : await sharp(resized, { raw: { width: rect.width, height: rect.height, channels: 4 } })
          .extract({ left: left - rect.x, top: top - rect.y, width, height })
          .raw()
          .toBuffer();
  return { cover: null, layer: { input, raw: { width, height, channels: 4 }, left, top } };
}

async function logoLayer(logo: Buffer, box: Rect): Promise<OverlayOptions> {
  const { data, info } = await sharp(logo, { limitInputPixels: maxInputPixels })
    .resize(box.width, box.height, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Right-aligned in its box (it sits at the top right), centred on the box's height.
  return {
    input: data,
    raw: { width: info.width, height: info.height, channels: 4 },
    left: box.x + box.width - info.width,
    top: box.y + Math.floor((box.height - info.height) / 2),
  };
}

/** The card's base: the picture covering it, else the staging (a flat backdrop exactly flat). */
function base(layout: CardLayout, cover: Buffer | null, size: { width: number; height: number }) {
  return sharp(cover ?? staging(layout, size.width, size.height), {
    raw: { ...size, channels: 3 },
  });
}

/**
 * Composes and encodes in one pipeline, in the preset's format; a JPEG over the preset's limit is
 * composed again at lower qualities until it fits (rare: a card is a few hundred kilobytes).
 */
async function encode(compose: () => Sharp, preset: MarketplacePreset): Promise<Buffer> {
  const image = () => compose().removeAlpha().withIccProfile('srgb');
  if (preset.format === 'png') return image().png({ compressionLevel: 6 }).toBuffer();
  let data = Buffer.alloc(0);
  for (const quality of qualities) {
    data = await image().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (data.length <= preset.maxBytes) break;
  }
  return data;
}

/** Renders one card: its layout at the preset's size, drawn at `input.width` (default the preset's). */
export async function renderCard(input: CardRenderInput): Promise<RenderedCard> {
  const { preset } = input;
  const width = Math.round(input.width ?? preset.width);
  const scale = width / preset.width;
  const height = Math.round(preset.height * scale);
  const size = { width, height };
  const prepared = input.picture
    ? await preparePicture(input.picture, input.pictureKind, size)
    : null;
  const layout = layoutCard({
    preset,
    slide: input.slide,
    kit: input.kit,
    picture: prepared ? { width: prepared.crop.width, height: prepared.crop.height } : null,
    pictureKind: input.pictureKind,
    backdrop: input.backdrop,
  });
  const { cover, layer } = prepared
    ? await pictureLayer(layout, prepared, scale, size)
    : { cover: null, layer: null };
  const layers: OverlayOptions[] = layer ? [layer] : [];
  // The overlay is drawn on the safe area alone: nothing of it can reach outside.
  const area = scaled(layout.safe, scale);
  layers.push({ input: Buffer.from(overlaySvg(layout, area)), left: area.x, top: area.y });
  if (input.logo && input.slide.logo && layout.logo) {
    layers.push(await logoLayer(input.logo, scaled(layout.logo, scale)));
  }
  const data = await encode(() => base(layout, cover, size).composite(layers), preset);
  return {
    data,
    width,
    height,
    format: preset.format,
    bytes: data.length,
    mime: preset.format === 'png' ? 'image/png' : 'image/jpeg',
    omitted: layout.omitted,
  };
}

/**
 * Renders a set's cards with at most `concurrency` at a time (default: two, one per core here),
 * handing each to `each` as it is done (not necessarily in order) so a caller writing a zip keeps
 * no more than that many files in memory. Stops at the first failure.
 */
export async function renderCardSet(
  inputs: readonly CardRenderInput[],
  each: (card: RenderedCard, index: number) => Promise<void> | void,
  concurrency = 2,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      const input = inputs[index];
      if (input) await each(await renderCard(input), index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, inputs.length)) }, worker),
  );
}

/** What a card's file is, read from its bytes: what `checkCardFile` checks. */
export async function readCardFile(data: Buffer): Promise<CardFileFacts> {
  const meta = await sharp(data).metadata();
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    bytes: data.length,
    format: meta.format ?? 'unknown',
    space: meta.space ?? 'unknown',
  };
}

/** The file name of a card in its set's zip: its place from 1, two digits, and its kind. */
export function cardFileName(
  index: number,
  slide: Pick<Slide, 'kind'>,
  format: CardFormat,
): string {
  const extension = format === 'png' ? 'png' : 'jpg';
  return `${String(index + 1).padStart(2, '0')}-${slide.kind}.${extension}`;
}

/**
 * A card rendered to a file: the backdrop (or the scene or photo covering the card), the cut-out
 * with its floor shadow, the layout's SVG and the logo composed in one sharp pipeline, encoded in
 * sRGB with the profile embedded, within the preset's byte limit.
 */
import type { CardFileFacts, CardFormat, CardScene, MarketplacePreset } from '@kadr/catalog';
import type { BrandKit, Slide, SlidePicture } from '@kadr/contract';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { type CardLayout, layoutCard, type Rect } from './layout.ts';
import { backdropSvg, overlaySvg, shadowSvg } from './svg.ts';

export type CardRenderInput = {
  preset: MarketplacePreset;
  slide: Slide;
  kit: BrandKit;
  /** The slide's place in its set, from 0, and the set's size. */
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
};

/** Pictures larger than this are refused before decoding (as the server's uploads are). */
const maxInputPixels = 50_000_000;
/** JPEG qualities tried in turn until the file is within the preset's limit. */
const qualities = [90, 84, 76, 68, 60, 50, 40];

type Prepared = { data: Buffer; width: number; height: number };

/**
 * The picture decoded once: a cut-out trimmed to its visible pixels (so the product, not its
 * transparent margin, is what fills the frame), and either shrunk to at most the card's size.
 */
async function preparePicture(
  picture: Buffer,
  kind: SlidePicture,
  bound: { width: number; height: number },
): Promise<Prepared> {
  let image = sharp(picture, { limitInputPixels: maxInputPixels, autoOrient: true });
  if (kind === 'cutout') image = image.trim({ threshold: 2 });
  const { data, info } = await image
    .resize(bound.width, bound.height, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
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

/** The part of `rect` inside the card, with the offset of that part within `rect`. */
function clip(rect: Rect, width: number, height: number) {
  const x = Math.max(0, rect.x);
  const y = Math.max(0, rect.y);
  return {
    left: x,
    top: y,
    width: Math.min(width, rect.x + rect.width) - x,
    height: Math.min(height, rect.y + rect.height) - y,
    offsetX: x - rect.x,
    offsetY: y - rect.y,
  };
}

async function pictureLayers(
  layout: CardLayout,
  prepared: Prepared,
  scale: number,
  size: { width: number; height: number },
): Promise<{ base: Sharp | null; layers: OverlayOptions[] }> {
  const placed = layout.picture;
  if (!placed) return { base: null, layers: [] };
  const raw = { width: prepared.width, height: prepared.height, channels: 4 as const };
  if (placed.mode === 'cover') {
    const base = sharp(prepared.data, { raw }).resize(size.width, size.height, {
      fit: 'cover',
      position: 'centre',
    });
    return {
      base: sharp(await base.removeAlpha().raw().toBuffer(), { raw: { ...size, channels: 3 } }),
      layers: [],
    };
  }
  const rect = scaled(placed.rect, scale);
  const layers: OverlayOptions[] = [];
  if (placed.shadow) {
    const shadow = scaled(placed.shadow, scale);
    const visible = clip(shadow, size.width, size.height);
    if (visible.width > 0 && visible.height > 0) {
      const drawn = await sharp(Buffer.from(shadowSvg(placed.shadow, shadow.width, shadow.height)))
        .extract({
          left: visible.offsetX,
          top: visible.offsetY,
          width: visible.width,
          height: visible.height,
        })
        .png({ compressionLevel: 0 })
        .toBuffer();
      layers.push({ input: drawn, left: visible.left, top: visible.top });
    }
  }
  const resized = await sharp(prepared.data, { raw })
    .resize(rect.width, rect.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const visible = clip(rect, size.width, size.height);
  if (visible.width > 0 && visible.height > 0) {
    const input =
      visible.width === rect.width && visible.height === rect.height
        ? resized
        : await sharp(resized, { raw: { width: rect.width, height: rect.height, channels: 4 } })
            .extract({
              left: visible.offsetX,
              top: visible.offsetY,
              width: visible.width,
              height: visible.height,
            })
            .raw()
            .toBuffer();
    layers.push({
      input,
      raw: { width: visible.width, height: visible.height, channels: 4 },
      left: visible.left,
      top: visible.top,
    });
  }
  return { base: null, layers };
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

/** Encodes the composed pixels in the preset's format, lowering JPEG quality to fit its limit. */
async function encode(
  raw: Buffer,
  size: { width: number; height: number },
  preset: MarketplacePreset,
): Promise<Buffer> {
  const image = () => sharp(raw, { raw: { ...size, channels: 3 } }).withIccProfile('srgb');
  if (preset.format === 'png') return image().png({ compressionLevel: 6 }).toBuffer();
  let data = Buffer.alloc(0);
  for (const quality of qualities) {
    data = await image().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (data.length <= preset.maxBytes) break;
  }
  return data;
}

/** The layout of a render input, with the picture's size read from its bytes. */
export async function renderCard(input: CardRenderInput): Promise<RenderedCard> {
  const { preset } = input;
  const width = Math.round(input.width ?? preset.width);
  const scale = width / preset.width;
  const height = Math.round(preset.height * scale);
  const size = { width, height };
  const prepared = input.picture
    ? await preparePicture(input.picture, input.pictureKind, {
        width: input.pictureKind === 'cutout' ? width : width,
        height,
      })
    : null;
  const layout = layoutCard({
    preset,
    slide: input.slide,
    kit: input.kit,
    picture: prepared ? { width: prepared.width, height: prepared.height } : null,
    pictureKind: input.pictureKind,
    backdrop: input.backdrop,
  });
  const { base: covering, layers } = prepared
    ? await pictureLayers(layout, prepared, scale, size)
    : { base: null, layers: [] };
  const { from, to } = layout.backdrop;
  const base =
    covering ??
    (from.toLowerCase() === to.toLowerCase()
      ? sharp({ create: { ...size, channels: 3, background: from } })
      : sharp(Buffer.from(backdropSvg(layout, width, height))).removeAlpha());
  const overlay: OverlayOptions[] = [
    ...layers,
    { input: Buffer.from(overlaySvg(layout, width, height)), left: 0, top: 0 },
  ];
  if (input.logo && input.slide.logo && layout.logo) {
    overlay.push(await logoLayer(input.logo, scaled(layout.logo, scale)));
  }
  const raw = await base.composite(overlay).removeAlpha().raw().toBuffer();
  const data = await encode(raw, size, preset);
  return {
    data,
    width,
    height,
    format: preset.format,
    bytes: data.length,
    mime: preset.format === 'png' ? 'image/png' : 'image/jpeg',
  };
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

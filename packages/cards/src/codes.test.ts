import { getCardScene, getMarketplacePreset, type MarketplacePreset } from '@kadr/catalog';
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FoundCode, findCodes, renderCard } from './index.ts';
import { buildKit, buildSlide } from './test/builders.ts';

// Real codes (qrcode, bwip-js) drawn into pictures made to look like product photos: a lit
// backdrop, a box with shading and grain, JPEG-compressed, the codes turned a little as they are
// on a photographed box.

function wildberries(): MarketplacePreset {
  const found = getMarketplacePreset('wildberries');
  if (!found) throw new Error('no preset wildberries');
  return found;
}

const backdrop = getCardScene('studio-white') ?? { id: 'x', title: { ru: '', en: '' }, prompt: '' };
const url = 'https://shop.example.ru/p/4601234567893?utm=card';
const ean = '4601234567893';

/** A sticker turned clockwise by `angle`, on transparency. */
async function turned(png: Buffer, width: number, angle: number): Promise<Buffer> {
  const sized = sharp(await sharp(png).resize({ width, kernel: 'lanczos3' }).png().toBuffer());
  if (angle === 0) return sized.png().toBuffer();
  return sized
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** A QR code `side` px wide, quiet zone included. */
async function qrSticker(text: string, side: number, angle = 0): Promise<Buffer> {
  return turned(await QRCode.toBuffer(text, { margin: 2, width: 400 }), side, angle);
}

/** A barcode label (bars, digits, margins) `width` px wide. */
async function barcodeSticker(bcid: string, text: string, width: number, angle = 0) {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 4,
    height: 18,
    includetext: bcid !== 'datamatrix' && bcid !== 'pdf417',
    backgroundcolor: 'FFFFFF',
    paddingwidth: 8,
    paddingheight: 6,
  });
  return turned(png, width, angle);
}

type Sticker = { input: Buffer; left: number; top: number };

function noise(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 16 },
    },
  })
    .png()
    .toBuffer();
}

/** The box's front, side and top at this size, its front a third of the width from the left. */
function box(width: number, height: number) {
  const x = width * 0.2;
  const y = height * 0.28;
  const w = width * 0.56;
  const h = height * 0.56;
  const d = width * 0.12;
  return `<polygon points="${x},${y} ${x + d},${y - d * 0.6} ${x + w + d},${y - d * 0.6} ${x + w},${y}" fill="#f6f8fa"/>
    <polygon points="${x + w},${y} ${x + w + d},${y - d * 0.6} ${x + w + d},${y + h - d * 0.6} ${x + w},${y + h}" fill="url(#side)"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#front)"/>
    <rect x="${x + w * 0.1}" y="${y + h * 0.06}" width="${w * 0.8}" height="${h * 0.1}" fill="#2f6fde" opacity="0.85"/>`;
}

const gradients = `<linearGradient id="front" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9eef3"/><stop offset="1" stop-color="#c4ccd6"/></linearGradient>
  <linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9aa6b4"/><stop offset="1" stop-color="#7d8998"/></linearGradient>`;

/** A product photo (1200 × 1600): a box on a warm studio backdrop, with grain, as a JPEG. */
async function productPhoto(stickers: Sticker[] = [], quality = 80): Promise<Buffer> {
  const width = 1200;
  const height = 1600;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>${gradients}
      <radialGradient id="bg" cx="40%" cy="30%" r="90%"><stop offset="0" stop-color="#f4e9dc"/><stop offset="1" stop-color="#b89a7e"/></radialGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="24"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <ellipse cx="690" cy="1380" rx="480" ry="70" fill="#000" opacity="0.35" filter="url(#blur)"/>
    ${box(width, height)}
  </svg>`;
  const grainy = await sharp(Buffer.from(svg))
    .composite([{ input: await noise(width, height), blend: 'soft-light' }, ...stickers])
    .png()
    .toBuffer();
  return sharp(grainy).blur(0.6).jpeg({ quality }).toBuffer();
}

/** The same box as a cut-out: a PNG on transparency, as the background remover hands it over. */
async function productCutout(stickers: Sticker[]): Promise<Buffer> {
  const width = 1000;
  const height = 1300;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>${gradients}</defs>${box(width, height)}</svg>`;
  const drawn = await sharp(Buffer.from(svg)).composite(stickers).png().toBuffer();
  // Grain on the box only: its alpha is kept.
  const { data, info } = await sharp(drawn).raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp(await noise(width, height))
    .raw()
    .toBuffer();
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) {
      const at = i * 4 + c;
      data[at] = Math.max(
        0,
        Math.min(255, (data[at] ?? 0) + ((grain[i * 3 + c] ?? 128) - 128) / 4),
      );
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Striped shirting (1200 × 1600): navy, white and red stripes of 2–14 px, in soft folds. */
async function stripedFabric(): Promise<Buffer> {
  const width = 1200;
  const height = 1600;
  const stripes: [number, string][] = [
    [14, '#1d2a4d'],
    [6, '#f4f1ea'],
    [3, '#c8332b'],
    [6, '#f4f1ea'],
    [14, '#1d2a4d'],
    [10, '#f4f1ea'],
    [2, '#1d2a4d'],
    [4, '#f4f1ea'],
    [2, '#1d2a4d'],
    [10, '#f4f1ea'],
  ];
  const fold = (x: number, y: number) =>
    22 * Math.sin(y / 160 + x / 300) + 8 * Math.sin(y / 53 + x / 90);
  const edge = (x: number) =>
    Array.from({ length: 100 }, (_, i) => {
      const y = -200 + i * 20;
      return `${(x + fold(x, y)).toFixed(1)},${y}`;
    });
  const shapes: string[] = [];
  for (let x = -200, i = 0; x < width + 200; i++) {
    const [w, colour] = stripes[i % stripes.length] ?? [4, '#000'];
    const points = [...edge(x), ...edge(x + w).reverse()].join(' ');
    shapes.push(`<polygon points="${points}" fill="${colour}"/>`);
    x += w;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient></defs>
    <g transform="rotate(5 ${width / 2} ${height / 2})">${shapes.join('')}</g>
    <rect width="100%" height="100%" fill="url(#shade)"/></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await noise(width, height), blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Plain black and white stripes, 3 px each: cut by an edge, they once read as an EAN-13. */
function evenStripes(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><pattern id="p" width="6" height="10" patternUnits="userSpaceOnUse"><rect width="3" height="10" fill="#000"/><rect x="3" width="3" height="10" fill="#fff"/></pattern></defs>
    <rect width="900" height="1200" fill="url(#p)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

function centre(sticker: Sticker, size: { width: number; height: number }) {
  return { x: sticker.left + size.width / 2, y: sticker.top + size.height / 2 };
}

async function sized(input: Buffer, left: number, top: number) {
  const meta = await sharp(input).metadata();
  const sticker = { input, left, top };
  return { sticker, centre: centre(sticker, { width: meta.width, height: meta.height }) };
}

function contains(box: FoundCode['box'], point: { x: number; y: number }) {
  return (
    point.x >= box.x &&
    point.x <= box.x + box.width &&
    point.y >= box.y &&
    point.y <= box.y + box.height
  );
}

function card(picture: Buffer, pictureKind: 'photo' | 'cutout', slide = buildSlide()) {
  return renderCard({
    preset: wildberries(),
    slide: { ...slide, picture: pictureKind },
    kit: buildKit(),
    index: 0,
    count: 5,
    picture,
    pictureKind,
    backdrop,
    logo: null,
  });
}

/** What was found, without the boxes, in the order of the texts. */
const read = (codes: FoundCode[]) =>
  codes
    .map(({ kind, format, text }) => ({ kind, format, text }))
    .sort((a, b) => (a.text < b.text ? -1 : 1));

const qrFound = { kind: 'qr', format: 'QRCode', text: url };
const eanFound = { kind: 'barcode', format: 'EAN13', text: ean };

// Under load on the two-core machine a test takes a few seconds (each picture is read twice:
// enlarged, then turned); how long before a test is called broken, not how fast it must be.
describe('codes in a picture', { timeout: 30_000 }, () => {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in tests')));
  beforeAll(() => {
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('loads the reader from the installed package, never from a CDN', async () => {
    const blank = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    // The first reads of the process start the reader once, lazily, even side by side.
    expect(await Promise.all([findCodes(blank), findCodes(blank)])).toEqual([[], []]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads a QR code and an EAN-13 on a product photo, turned and JPEG-compressed', async () => {
    const qr = await sized(await qrSticker(url, 220, 8), 360, 700);
    const bars = await sized(await barcodeSticker('ean13', ean, 420, -6), 330, 1020);
    const photo = await productPhoto([qr.sticker, bars.sticker]);
    const codes = await findCodes(photo);
    expect(read(codes)).toEqual([eanFound, qrFound]);
    const qrBox = codes.find((code) => code.kind === 'qr')?.box;
    const eanBox = codes.find((code) => code.kind === 'barcode')?.box;
    expect(qrBox && contains(qrBox, qr.centre)).toBe(true);
    expect(eanBox && contains(eanBox, bars.centre)).toBe(true);
    // Inside the sticker: no larger than it (220 px turned 8° is 249 px across).
    expect(qrBox?.width).toBeLessThanOrEqual(249);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('finds them on a 900 × 1200 Wildberries card whose photo covers it', async () => {
    const qr = await sized(await qrSticker(url, 220, 8), 360, 700);
    const bars = await sized(await barcodeSticker('ean13', ean, 420, -6), 330, 1020);
    const photo = await productPhoto([qr.sticker, bars.sticker]);
    // A photo slide with its title and badge over the picture (bullets would cover the box).
    const rendered = await card(
      photo,
      'photo',
      buildSlide({ kind: 'in-use', bullets: [], callouts: [] }),
    );
    expect(rendered).toMatchObject({ width: 900, height: 1200, format: 'jpeg' });
    const codes = await findCodes(rendered.data);
    expect(read(codes)).toEqual([eanFound, qrFound]);
    // The photo is drawn at 3/4 of its size: the boxes are in the card's pixels.
    const qrBox = codes.find((code) => code.kind === 'qr')?.box;
    expect(qrBox && contains(qrBox, { x: qr.centre.x * 0.75, y: qr.centre.y * 0.75 })).toBe(true);
  });

  it('finds them on a card showing the product cut out, smaller, beside its bullets', async () => {
    // On the right of the box's front: the bullets beside the picture cover its left.
    const qr = await sized(await qrSticker(url, 220, 8), 490, 520);
    const bars = await sized(await barcodeSticker('ean13', ean, 380, -4), 360, 840);
    const rendered = await card(await productCutout([qr.sticker, bars.sticker]), 'cutout');
    expect(rendered).toMatchObject({ width: 900, height: 1200 });
    expect(read(await findCodes(rendered.data))).toEqual([eanFound, qrFound]);
  });

  it('reads small codes, and a barcode lying at 45°', async () => {
    // On the card (the photo at 3/4): a 64 px QR code turned 20°; an EAN-13 label 150 px wide,
    // read only in the enlarged pass; an EAN-13 label 300 px wide at 45°, read only in the pass
    // over the picture turned by 45°.
    const small = '4607001234562';
    const rendered = await card(
      await productPhoto([
        { input: await qrSticker(url, 85, 20), left: 330, top: 640 },
        { input: await barcodeSticker('ean13', small, 200), left: 700, top: 640 },
        { input: await barcodeSticker('ean13', ean, 400, 45), left: 560, top: 900 },
      ]),
      'photo',
      buildSlide({ kind: 'in-use', bullets: [], callouts: [] }),
    );
    expect(read(await findCodes(rendered.data))).toEqual([
      eanFound,
      { ...eanFound, text: small },
      qrFound,
    ]);
  });

  it('tells 2D codes from linear barcodes: Data Matrix and PDF417 are QR-like', async () => {
    const label = await productPhoto([
      { input: await barcodeSticker('datamatrix', 'WB-0042-7731', 160), left: 330, top: 640 },
      { input: await barcodeSticker('pdf417', 'Kadr card 42', 360, 4), left: 520, top: 620 },
      { input: await barcodeSticker('code128', 'WB42-7731-A', 420, -5), left: 340, top: 1000 },
    ]);
    expect(read(await findCodes(label))).toEqual([
      { kind: 'qr', format: 'PDF417', text: 'Kadr card 42' },
      { kind: 'qr', format: 'DataMatrix', text: 'WB-0042-7731' },
      { kind: 'barcode', format: 'Code128', text: 'WB42-7731-A' },
    ]);
  });

  it('finds nothing on a product photo without a code', async () => {
    expect(await findCodes(await productPhoto())).toEqual([]);
  });

  it('finds nothing on a card of text, bullets and a striped fabric', async () => {
    const fabric = await stripedFabric();
    expect(await findCodes(fabric)).toEqual([]);
    const rendered = await card(fabric, 'photo', buildSlide({ kind: 'in-use' }));
    expect(await findCodes(rendered.data)).toEqual([]);
    expect(await findCodes(await evenStripes())).toEqual([]);
  });
});

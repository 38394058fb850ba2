/**
 * QR codes and barcodes readable in a picture (issue #50): Wildberries refuses a card showing one,
 * and the card check reads only typed text, so a code printed on the product or in the scene is
 * found here, by decoding it with ZXing (zxing-wasm). Only codes that decode are reported.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import {
  MATRIX_BARCODE_FORMATS,
  prepareZXingModule,
  purgeZXingModule,
  type ReaderOptions,
  readBarcodes,
} from 'zxing-wasm/reader';

export type FoundCode = {
  /** 'qr' for every 2D code (QR, Micro QR, Data Matrix, Aztec, PDF417…), else a linear barcode. */
  kind: 'qr' | 'barcode';
  /** ZXing's name of the format: 'QRCode', 'EAN13', 'Code128'… */
  format: string;
  text: string;
  /** The code's bounding box in the picture's pixels (as decoded, after EXIF orientation). */
  box: { x: number; y: number; width: number; height: number };
};

/** Pictures larger than this are refused before decoding (as the renderer's are). */
const maxInputPixels = 50_000_000;

/**
 * The reader's WebAssembly, read from the installed package: by default zxing-wasm fetches it
 * from a CDN, which production must not depend on.
 */
const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

let ready: Promise<unknown> | null = null;

/** Instantiates the reader once per process, on first use (a failed start is tried again). */
function zxing(): Promise<unknown> {
  ready ??= readFile(wasmPath)
    .then((file) =>
      prepareZXingModule({
        overrides: {
          wasmBinary: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength),
          // Never asked for while wasmBinary is given; no URL to fetch if it ever is.
          locateFile: () => wasmPath,
        },
        fireImmediately: true,
      }),
    )
    .catch((error: unknown) => {
      ready = null;
      purgeZXingModule();
      throw error;
    });
  return ready;
}

/** Every pass tries hard, reads each picture also turned by 90° steps, inverted and smaller. */
const options: ReaderOptions = {
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 8,
};

/**
 * The passes over a picture. ZXing needs about 2 px per module, so the picture is first read
 * enlarged twice, which also reads everything larger (`tryDownscale` reads it smaller too). 2D
 * codes are found at any angle, but the linear readers scan rows and columns, ±20° or so: a barcode
 * lying at 30–60° is read in a second pass, over the picture turned by 45°, for linear codes only.
 *
 * Measured on 900 × 1200 Wildberries cards (a photo covering the card, 2026-12-07), the smallest
 * read: a QR code of 37 modules with its quiet zone 44 px wide upright, 48 px at 8°, 52 px at 20°
 * and 45° (read once, unenlarged: 56 px at 8° and 20°); an EAN-13 label 130 px wide from 0° to
 * 20° and at 90° (unenlarged: 170–200 px), 200 px at 30°, 170 px at 60°, and at 45° from 270 px
 * (some from 200 px). Smaller codes are not read.
 */
const passes: readonly { zoom: number; angle: number; formats: ReaderOptions['formats'] }[] = [
  { zoom: 2, angle: 0, formats: [] },
  { zoom: 1, angle: 45, formats: ['AllLinear'] },
];
/**
 * A pass reads at most a 900 × 1200 card enlarged twice: a larger picture is enlarged less (a
 * 1200 × 1600 card 1.5 times: its codes are that much larger), or not at all. On this two-core
 * machine, under other work, a 900 × 1200 card took a median 270 ms and a 1200 × 1600 one 335 ms;
 * enlarging 1200 × 1600 twice took 570 ms and read only codes below the sizes above.
 */
const maxScanPixels = 1800 * 2400;

const matrix = new Set<string>(MATRIX_BARCODE_FORMATS);

type Box = FoundCode['box'];
type Point = { x: number; y: number };
type Size = { width: number; height: number };

function boundingBox(points: readonly Point[]): Box {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.max(0, Math.floor(Math.min(...xs)));
  const y = Math.max(0, Math.floor(Math.min(...ys)));
  return {
    x,
    y,
    width: Math.ceil(Math.max(...xs)) - x + 1,
    height: Math.ceil(Math.max(...ys)) - y + 1,
  };
}

/**
 * Whether a code read in the turned picture lies inside the original with room for its quiet
 * zone. The turned picture's corners are filled with white, an artificial quiet zone: next to it
 * the cut ends of regular stripes read as an EAN-13 (3 px black and white stripes did), so a code
 * there is not believed.
 */
function clearOfEdges(corners: readonly Point[], size: Size): boolean {
  const [topLeft, topRight] = corners;
  const length =
    topLeft && topRight ? Math.hypot(topRight.x - topLeft.x, topRight.y - topLeft.y) : 0;
  const margin = Math.max(2, length * 0.05);
  return corners.every(
    (point) =>
      point.x >= margin &&
      point.y >= margin &&
      point.x <= size.width - margin &&
      point.y <= size.height - margin,
  );
}

/**
 * One pass: the picture decoded (EXIF orientation applied, transparency on white), enlarged by
 * `zoom` within `maxScanPixels`, turned clockwise by `angle` about its centre onto a canvas
 * holding all of it, and read; each code's corners are mapped back to the picture's pixels.
 */
async function scan(
  image: Buffer,
  size: Size,
  pass: (typeof passes)[number],
): Promise<FoundCode[]> {
  const { zoom, angle, formats } = pass;
  const fit = Math.sqrt(maxScanPixels / (size.width * size.height));
  const scale = Math.max(1, Math.min(zoom, fit));
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  let pipeline = sharp(image, { limitInputPixels: maxInputPixels, autoOrient: true }).flatten({
    background: '#ffffff',
  });
  if (scale !== 1) pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'cubic' });
  if (angle !== 0) pipeline = pipeline.rotate(angle, { background: '#ffffff' });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const back = (point: Point): Point => {
    const dx = point.x - info.width / 2;
    const dy = point.y - info.height / 2;
    return {
      x: (dx * cos + dy * sin + width / 2) / scale,
      y: (-dx * sin + dy * cos + height / 2) / scale,
    };
  };
  await zxing();
  const results = await readBarcodes(
    {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      // What a browser's ImageData also has (the web app's scripts typecheck this with the DOM's).
      colorSpace: 'srgb',
    },
    { ...options, formats },
  );
  const found: FoundCode[] = [];
  for (const result of results) {
    if (!result.isValid || result.format === 'None') continue;
    const { topLeft, topRight, bottomRight, bottomLeft } = result.position;
    const corners = [topLeft, topRight, bottomRight, bottomLeft].map(back);
    if (angle !== 0 && !clearOfEdges(corners, size)) continue;
    found.push({
      kind: matrix.has(result.format) ? 'qr' : 'barcode',
      format: result.format,
      text: result.text,
      box: boundingBox(corners),
    });
  }
  return found;
}

/** Whether two boxes overlap, so that the same code read by two passes is reported once. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every QR code (and other 2D code: Data Matrix, Aztec, PDF417, Micro QR) and linear barcode
 * (EAN-13/8, UPC-A/E, Code 128/39/93, ITF, Codabar…) readable in an encoded picture (JPEG/PNG/WebP
 * bytes). Only codes that decode are reported; a box is in the picture's pixels, EXIF orientation
 * applied.
 */
export async function findCodes(image: Buffer): Promise<FoundCode[]> {
  const meta = await sharp(image, { limitInputPixels: maxInputPixels }).metadata();
  const size = meta.autoOrient;
  const found: FoundCode[] = [];
  for (const pass of passes) {
    for (const code of await scan(image, size, pass)) {
      const seen = found.some(
        (other) =>
          other.format === code.format && other.text === code.text && overlap(other.box, code.box),
      );
      if (!seen) found.push(code);
    }
  }
  return found;
}

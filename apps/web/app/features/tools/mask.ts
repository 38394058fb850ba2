import type { Size } from '@kadr/catalog';

/**
 * The region-fix mask as data: brush strokes in the source picture's own pixels, replayed to draw
 * the editor's overlay and to make the mask file. Undo drops the last stroke; erasing is a stroke
 * too, so the order matters. Pure, so the mask's pixels are tested without a browser.
 */
export type Point = { x: number; y: number };
export type Stroke = { erase: boolean; radius: number; points: Point[] };

/** Brush sizes, in per cent of the picture's longer side (the brush's diameter). */
export const brushSizes = { min: 1, max: 30, step: 1, initial: 8 } as const;

export type MaskState = {
  source: Size;
  strokes: readonly Stroke[];
  /** Earlier `strokes`, for undo (a clear is undone too). */
  past: readonly (readonly Stroke[])[];
  size: number;
  erase: boolean;
  /** The keyboard's brush, in source pixels. */
  cursor: Point;
};

export type MaskAction =
  | { type: 'begin'; at: Point }
  | { type: 'extend'; at: Point }
  | { type: 'dab' }
  | { type: 'move'; dx: number; dy: number }
  | { type: 'size'; size: number }
  | { type: 'resize'; by: number }
  | { type: 'erase'; on: boolean }
  | { type: 'undo' }
  | { type: 'clear' };

export function initialMask(source: Size): MaskState {
  return {
    source,
    strokes: [],
    past: [],
    size: brushSizes.initial,
    erase: false,
    cursor: { x: source.width / 2, y: source.height / 2 },
  };
}

/** The brush's radius in source pixels. */
export function brushRadius(state: Pick<MaskState, 'size' | 'source'>): number {
  return Math.max(1, (state.size / 100) * Math.max(state.source.width, state.source.height) * 0.5);
}

function clampPoint(point: Point, source: Size): Point {
  return {
    x: Math.min(source.width, Math.max(0, point.x)),
    y: Math.min(source.height, Math.max(0, point.y)),
  };
}

function clampSize(size: number): number {
  return Math.min(brushSizes.max, Math.max(brushSizes.min, Math.round(size)));
}

function withStroke(state: MaskState, stroke: Stroke): MaskState {
  return { ...state, past: [...state.past, state.strokes], strokes: [...state.strokes, stroke] };
}

export function maskReducer(state: MaskState, action: MaskAction): MaskState {
  switch (action.type) {
    case 'begin': {
      const at = clampPoint(action.at, state.source);
      return {
        ...withStroke(state, { erase: state.erase, radius: brushRadius(state), points: [at] }),
        cursor: at,
      };
    }
    case 'extend': {
      const last = state.strokes.at(-1);
      if (!last) return state;
      const at = clampPoint(action.at, state.source);
      const stroke = { ...last, points: [...last.points, at] };
      return { ...state, strokes: [...state.strokes.slice(0, -1), stroke], cursor: at };
    }
    case 'dab':
      return withStroke(state, {
        erase: state.erase,
        radius: brushRadius(state),
        points: [state.cursor],
      });
    case 'move': {
      const cursor = clampPoint(
        { x: state.cursor.x + action.dx, y: state.cursor.y + action.dy },
        state.source,
      );
      return { ...state, cursor };
    }
    case 'size':
      return { ...state, size: clampSize(action.size) };
    case 'resize':
      return { ...state, size: clampSize(state.size + action.by) };
    case 'erase':
      return { ...state, erase: action.on };
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return { ...state, strokes: previous, past: state.past.slice(0, -1) };
    }
    case 'clear':
      if (state.strokes.length === 0) return state;
      return { ...state, past: [...state.past, state.strokes], strokes: [] };
  }
}

/**
 * The keyboard's brush: arrows move it (by 2 % of the longer side, 10 % with Shift), Space or
 * Enter paints a dab, [ and ] change its size, Ctrl/Cmd+Z undoes. Null for any other key.
 */
export function maskKeyAction(
  event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  source: Size,
): MaskAction | null {
  const step = Math.max(source.width, source.height) * (event.shiftKey ? 0.1 : 0.02);
  switch (event.key) {
    case 'ArrowLeft':
      return { type: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { type: 'move', dx: step, dy: 0 };
    case 'ArrowUp':
      return { type: 'move', dx: 0, dy: -step };
    case 'ArrowDown':
      return { type: 'move', dx: 0, dy: step };
    case ' ':
    case 'Enter':
      return { type: 'dab' };
    case '[':
      return { type: 'resize', by: -brushSizes.step };
    case ']':
      return { type: 'resize', by: brushSizes.step };
    case 'z':
    case 'Z':
      return event.ctrlKey || event.metaKey ? { type: 'undo' } : null;
    default:
      return null;
  }
}

/** Squared distance from (px, py) to the segment a–b. */
function distanceSq(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / length));
  const x = a.x + t * dx - px;
  const y = a.y + t * dy - py;
  return x * x + y * y;
}

/**
 * The mask's pixels at `size` (one byte each, row by row): 255 where a stroke paints (repaint),
 * 0 elsewhere (keep), strokes applied in order. `base` is an earlier mask to start from (reuse).
 */
export function rasterizeMask(
  strokes: readonly Stroke[],
  size: Size,
  base?: Uint8Array,
): Uint8Array {
  const { width, height } = size;
  const pixels = base ? Uint8Array.from(base) : new Uint8Array(width * height);
  for (const stroke of strokes) {
    const value = stroke.erase ? 0 : 255;
    const r = stroke.radius;
    const rSq = r * r;
    const points = stroke.points;
    for (let i = 0; i < points.length; i++) {
      const a = points[Math.max(0, i - 1)] as Point;
      const b = points[i] as Point;
      const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
      const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + r));
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
      const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + r));
      for (let y = y0; y <= y1; y++) {
        const row = y * width;
        for (let x = x0; x <= x1; x++) {
          if (distanceSq(x + 0.5, y + 0.5, a, b) <= rSq) pixels[row + x] = value;
        }
      }
    }
  }
  return pixels;
}

/** Whether the mask repaints nothing. */
export function isEmptyMask(pixels: Uint8Array): boolean {
  return !pixels.includes(255);
}

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The mask as an 8-bit greyscale PNG holding only black (keep) and white (repaint). */
export async function encodeMaskPng(pixels: Uint8Array, size: Size): Promise<Blob> {
  const { width, height } = size;
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8);
  const signature = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);
  const parts = [
    signature,
    chunk('IHDR', header),
    chunk('IDAT', await zlib(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  return new Blob(parts as BlobPart[], { type: 'image/png' });
}

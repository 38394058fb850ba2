import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  brushRadius,
  encodeMaskPng,
  initialMask,
  isEmptyMask,
  type MaskAction,
  maskKeyAction,
  maskReducer,
  rasterizeMask,
} from './mask';

const source = { width: 40, height: 20 };
const key = (
  k: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {},
) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

function run(actions: MaskAction[]) {
  return actions.reduce(maskReducer, initialMask(source));
}

/** The PNG's header fields and its pixels, decoded with zlib (8-bit greyscale, filter 0). */
async function decode(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const view = new DataView(bytes.buffer);
  expect([...bytes.subarray(1, 4)]).toEqual([80, 78, 71]);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  expect([bytes[24], bytes[25]]).toEqual([8, 0]);
  const idatLength = view.getUint32(33);
  const raw = inflateSync(bytes.subarray(41, 41 + idatLength));
  const pixels: number[] = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    pixels.push(...raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)));
  }
  return { width, height, pixels, type: blob.type };
}

describe('the region-fix mask', () => {
  it('exports a black-and-white PNG at the source picture’s pixel size, white where painted', async () => {
    const state = run([
      { type: 'size', size: 10 },
      { type: 'begin', at: { x: 10, y: 10 } },
    ]);
    expect(brushRadius(state)).toBe(2);
    const pixels = rasterizeMask(state.strokes, source);
    const png = await decode(await encodeMaskPng(pixels, source));
    expect(png).toMatchObject({ width: 40, height: 20, type: 'image/png' });
    expect(new Set(png.pixels)).toEqual(new Set([0, 255]));
    expect(png.pixels[10 * 40 + 10]).toBe(255);
    expect(png.pixels[0]).toBe(0);
    expect(png.pixels[10 * 40 + 30]).toBe(0);
  });

  it('paints along a dragged stroke, and the eraser takes paint away in order', () => {
    const painted = run([
      { type: 'size', size: 10 },
      { type: 'begin', at: { x: 5, y: 10 } },
      { type: 'extend', at: { x: 35, y: 10 } },
    ]);
    const line = rasterizeMask(painted.strokes, source);
    expect(line[10 * 40 + 20]).toBe(255);
    const steps: MaskAction[] = [
      { type: 'erase', on: true },
      { type: 'begin', at: { x: 20, y: 10 } },
    ];
    const erased = steps.reduce(maskReducer, painted);
    const after = rasterizeMask(erased.strokes, source);
    expect(after[10 * 40 + 20]).toBe(0);
    expect(after[10 * 40 + 6]).toBe(255);
  });

  it('is empty until painted, after a clear, and after undoing every stroke', () => {
    expect(isEmptyMask(rasterizeMask([], source))).toBe(true);
    const painted = run([{ type: 'begin', at: { x: 20, y: 10 } }]);
    expect(isEmptyMask(rasterizeMask(painted.strokes, source))).toBe(false);
    const cleared = maskReducer(painted, { type: 'clear' });
    expect(cleared.strokes).toEqual([]);
    // A clear is undone too.
    expect(maskReducer(cleared, { type: 'undo' }).strokes).toHaveLength(1);
    expect(maskReducer(painted, { type: 'undo' }).strokes).toEqual([]);
  });

  it('is painted with the keyboard: arrows move the brush, Space and Enter paint, [ ] resize, Ctrl/Cmd+Z undoes', () => {
    const apply = (state: ReturnType<typeof initialMask>, ...events: ReturnType<typeof key>[]) =>
      events.reduce((s, event) => {
        const action = maskKeyAction(event, source);
        return action ? maskReducer(s, action) : s;
      }, state);
    const start = initialMask(source);
    expect(start.cursor).toEqual({ x: 20, y: 10 });
    const moved = apply(start, key('ArrowRight'), key('ArrowDown', { shiftKey: true }));
    expect(moved.cursor.x).toBeCloseTo(20.8);
    expect(moved.cursor.y).toBeCloseTo(14);
    const painted = apply(moved, key(' '), key('Enter'));
    expect(painted.strokes).toHaveLength(2);
    expect(painted.strokes[0]?.points).toEqual([moved.cursor]);
    expect(apply(painted, key(']'), key(']')).size).toBe(start.size + 2);
    expect(apply(painted, key('[')).size).toBe(start.size - 1);
    expect(apply(painted, key('z', { ctrlKey: true })).strokes).toHaveLength(1);
    expect(apply(painted, key('z', { metaKey: true })).strokes).toHaveLength(1);
    expect(maskKeyAction(key('z'), source)).toBeNull();
    expect(maskKeyAction(key('a'), source)).toBeNull();
    // The brush stays on the picture.
    expect(
      apply(start, ...Array.from({ length: 20 }, () => key('ArrowLeft', { shiftKey: true }))).cursor
        .x,
    ).toBe(0);
  });
});

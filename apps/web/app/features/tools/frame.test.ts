import { expandLayout } from '@kadr/catalog';
import { describe, expect, it } from 'vitest';
import { dragPosition, nudgePosition, originalBox } from './frame';

// A square picture widened to 16:9: free room only across (1600 − 900 = 700 px of 1600).
const source = { width: 900, height: 900 };
const layout = expandLayout(
  { aspect_ratio: '16:9', zoom: 1, position_x: 50, position_y: 50 },
  source,
);

describe('the frame editor', () => {
  it('draws the original where the catalogue’s layout puts it', () => {
    expect(layout.canvas).toEqual({ width: 1600, height: 900 });
    const box = originalBox(layout);
    expect(box.left).toBeCloseTo((350 / 1600) * 100);
    expect(box.width).toBeCloseTo((900 / 1600) * 100);
    expect(box.top).toBe(0);
  });

  it('turns a drag into position_x/position_y over the free room, clamped to 0–100', () => {
    // Drawn 800 px wide: the free room is 350 px on screen, so 35 px is 10 %.
    expect(dragPosition({ x: 50, y: 50 }, { dx: 35, dy: 0 }, layout, 800)).toEqual({
      x: 60,
      y: 50,
    });
    expect(dragPosition({ x: 50, y: 50 }, { dx: -1000, dy: 0 }, layout, 800)).toEqual({
      x: 0,
      y: 50,
    });
    // No free room down: the vertical position stays.
    expect(dragPosition({ x: 50, y: 50 }, { dx: 0, dy: 200 }, layout, 800)).toEqual({
      x: 50,
      y: 50,
    });
    const zoomed = expandLayout({ aspect_ratio: '1:1', zoom: 2 }, source);
    expect(dragPosition({ x: 50, y: 50 }, { dx: 0, dy: 90 }, zoomed, 360).y).toBe(100);
  });

  it('moves by 1 % with the arrows and 10 % with Shift', () => {
    const at = { x: 50, y: 50 };
    expect(nudgePosition(at, { key: 'ArrowLeft', shiftKey: false })).toEqual({ x: 49, y: 50 });
    expect(nudgePosition(at, { key: 'ArrowDown', shiftKey: true })).toEqual({ x: 50, y: 60 });
    expect(nudgePosition({ x: 95, y: 0 }, { key: 'ArrowRight', shiftKey: true })).toEqual({
      x: 100,
      y: 0,
    });
    expect(nudgePosition(at, { key: 'a', shiftKey: false })).toBeNull();
  });
});

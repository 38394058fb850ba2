import type { FrameLayout } from '@kadr/catalog';

/** A rectangle in per cent of the new frame. */
export type Box = { left: number; top: number; width: number; height: number };

export type Position = { x: number; y: number };

/** Where the original sits in the new frame, in per cent (what the frame editor draws). */
export function originalBox(layout: FrameLayout): Box {
  const { canvas, original, location } = layout;
  return {
    left: (location.x / canvas.width) * 100,
    top: (location.y / canvas.height) * 100,
    width: (original.width / canvas.width) * 100,
    height: (original.height / canvas.height) * 100,
  };
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * The position after dragging the original by (dx, dy) screen pixels from where it started, on a
 * frame drawn `frameWidth` pixels wide: the free room on each side is 0–100 %. An axis with no free
 * room keeps its value.
 */
export function dragPosition(
  start: Position,
  delta: { dx: number; dy: number },
  layout: FrameLayout,
  frameWidth: number,
): Position {
  const scale = frameWidth / layout.canvas.width;
  const freeX = (layout.canvas.width - layout.original.width) * scale;
  const freeY = (layout.canvas.height - layout.original.height) * scale;
  return {
    x: freeX >= 1 ? clampPercent(start.x + (delta.dx / freeX) * 100) : start.x,
    y: freeY >= 1 ? clampPercent(start.y + (delta.dy / freeY) * 100) : start.y,
  };
}

/** Arrow keys move the original by 1 % of the free room, 10 % with Shift; null for other keys. */
export function nudgePosition(
  position: Position,
  event: { key: string; shiftKey: boolean },
): Position | null {
  const step = event.shiftKey ? 10 : 1;
  switch (event.key) {
    case 'ArrowLeft':
      return { ...position, x: clampPercent(position.x - step) };
    case 'ArrowRight':
      return { ...position, x: clampPercent(position.x + step) };
    case 'ArrowUp':
      return { ...position, y: clampPercent(position.y - step) };
    case 'ArrowDown':
      return { ...position, y: clampPercent(position.y + step) };
    case 'Home':
      return { x: 50, y: 50 };
    default:
      return null;
  }
}

/**
 * What lies under the picture, computed pixel by pixel (a soft gradient costs more to rasterise
 * through SVG and enlarge than to compute): the backdrop's radial gradient from the scene's lighter
 * colour at the centre to its darker at the edges and, behind a cut-out, the accent-tinted halo
 * and the floor shadow. A flat backdrop comes out exactly flat.
 */
import { parseHex } from './colour.ts';
import type { CardLayout } from './layout.ts';

/** Steps of a gradient's lookup table: finer than 8-bit colour can show. */
const steps = 1024;

/** The pixel rows and columns a circle or ellipse of these radii covers, clipped to the image. */
function span(centre: number, radius: number, size: number): [number, number] {
  return [Math.max(0, Math.floor(centre - radius)), Math.min(size, Math.ceil(centre + radius))];
}

/** An RGB raw image of `width` × `height` (the layout's coordinates scaled to it). */
export function staging(layout: CardLayout, width: number, height: number): Buffer {
  const scale = width / layout.width;
  const from = parseHex(layout.backdrop.from);
  const to = parseHex(layout.backdrop.to);
  const out = Buffer.alloc(width * height * 3);
  // The gradient's ellipse: centred a little above the middle, reaching 0.75 of each side.
  const table = new Uint8Array((steps + 1) * 3);
  for (let i = 0; i <= steps; i++) {
    for (let c = 0; c < 3; c++) {
      const a = from[c] ?? 0;
      table[i * 3 + c] = Math.round(a + ((to[c] ?? 0) - a) * (i / steps));
    }
  }
  const cx = width * 0.5;
  const cy = height * 0.42;
  const rx = width * 0.75;
  const ry = height * 0.75;
  // The gradient is symmetric left to right: each pixel of the left half is its mirror's too.
  for (let y = 0; y < height; y++) {
    const dy = (y + 0.5 - cy) / ry;
    const dy2 = dy * dy;
    const row = y * width * 3;
    for (let x = 0; x < Math.ceil(width / 2); x++) {
      const dx = (x + 0.5 - cx) / rx;
      const d = Math.sqrt(dx * dx + dy2);
      const i = (d >= 1 ? steps : Math.round(d * steps)) * 3;
      const r = table[i] ?? 0;
      const g = table[i + 1] ?? 0;
      const b = table[i + 2] ?? 0;
      const o = row + x * 3;
      const m = row + (width - 1 - x) * 3;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[m] = r;
      out[m + 1] = g;
      out[m + 2] = b;
    }
  }
  const halo = layout.picture?.halo;
  if (halo) {
    const [tr, tg, tb] = parseHex(halo.colour);
    const hx = halo.x * scale;
    const hy = halo.y * scale;
    const radius = halo.radius * scale;
    const [x0, x1] = span(hx, radius, width);
    const [y0, y1] = span(hy, radius, height);
    for (let y = y0; y < y1; y++) {
      const dy = (y + 0.5 - hy) / radius;
      for (let x = x0; x < x1; x++) {
        const dx = (x + 0.5 - hx) / radius;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d >= 1) continue;
        // Solid to 0.7 of the radius, then fading out.
        const a = d <= 0.7 ? 1 : (1 - d) / 0.3;
        const o = (y * width + x) * 3;
        out[o] = Math.round((out[o] ?? 0) + (tr - (out[o] ?? 0)) * a);
        out[o + 1] = Math.round((out[o + 1] ?? 0) + (tg - (out[o + 1] ?? 0)) * a);
        out[o + 2] = Math.round((out[o + 2] ?? 0) + (tb - (out[o + 2] ?? 0)) * a);
      }
    }
  }
  const shadow = layout.picture?.shadow;
  if (shadow) {
    const sx = (shadow.x + shadow.width / 2) * scale;
    const sy = (shadow.y + shadow.height / 2) * scale;
    const ax = (shadow.width / 2) * scale;
    const ay = (shadow.height / 2) * scale;
    const [x0, x1] = span(sx, ax, width);
    const [y0, y1] = span(sy, ay, height);
    for (let y = y0; y < y1; y++) {
      const ey = (y + 0.5 - sy) / ay;
      for (let x = x0; x < x1; x++) {
        const ex = (x + 0.5 - sx) / ax;
        const e = Math.sqrt(ex * ex + ey * ey);
        if (e >= 1) continue;
        // Darkest in the middle, a long soft edge.
        const keep = 1 - (e <= 0.55 ? 0.34 - (0.2 * e) / 0.55 : (0.14 * (1 - e)) / 0.45);
        const o = (y * width + x) * 3;
        out[o] = Math.round((out[o] ?? 0) * keep);
        out[o + 1] = Math.round((out[o + 1] ?? 0) * keep);
        out[o + 2] = Math.round((out[o + 2] ?? 0) * keep);
      }
    }
  }
  return out;
}

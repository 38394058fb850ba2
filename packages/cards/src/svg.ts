/**
 * The layout drawn as SVG: panels, badges, icons, rules and dimension lines, then every text as
 * its glyphs' outlines (one <path> per glyph, from the same shaping the layout measured). No
 * <text> element is ever emitted, so no system font or fontconfig takes part in the pixels.
 */
import { getFace } from './fonts.ts';
import { iconPaths } from './icons.ts';
import type { CardLayout, Rect, Shape, TextBlock } from './layout.ts';

const n = (value: number) => Number(value.toFixed(2));

function shape(item: Shape): string {
  switch (item.kind) {
    case 'panel': {
      const { x, y, width, height } = item.rect;
      return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(item.radius)}" fill="${item.colour}" fill-opacity="${item.opacity}"/>`;
    }
    case 'rule': {
      const { x, y, width, height } = item.rect;
      return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(height / 2)}" fill="${item.colour}"/>`;
    }
    case 'badge':
      return badge(item);
    case 'icon': {
      const { x, y, width } = item.rect;
      const r = width / 2;
      const glyph = width * 0.6;
      const scale = glyph / 24;
      const offset = (width - glyph) / 2;
      return (
        `<circle cx="${n(x + r)}" cy="${n(y + r)}" r="${n(r)}" fill="${item.background}"/>` +
        `<path d="${iconPaths[item.icon]}" transform="translate(${n(x + offset)} ${n(y + offset)}) scale(${n(scale)})" fill="none" stroke="${item.colour}" stroke-width="2.1" stroke-linecap="round" stroke-linejoin="round"/>`
      );
    }
    case 'dimension': {
      const { x, y, length, tick, stroke, colour } = item;
      const h = item.axis === 'horizontal';
      const [x2, y2] = h ? [x + length, y] : [x, y + length];
      const t = tick / 2;
      const ticks = h
        ? `M${n(x)} ${n(y - t)}V${n(y + t)}M${n(x2)} ${n(y - t)}V${n(y + t)}`
        : `M${n(x - t)} ${n(y)}H${n(x + t)}M${n(x - t)} ${n(y2)}H${n(x + t)}`;
      return `<path d="M${n(x)} ${n(y)}L${n(x2)} ${n(y2)}${ticks}" fill="none" stroke="${colour}" stroke-width="${n(stroke)}" stroke-linecap="butt"/>`;
    }
  }
}

function badge(item: Extract<Shape, { kind: 'badge' }>): string {
  const { x, y, width, height } = item.rect;
  if (item.style === 'circle') {
    const r = width / 2;
    return (
      `<circle cx="${n(x + r)}" cy="${n(y + r)}" r="${n(r)}" fill="${item.colour}"/>` +
      `<circle cx="${n(x + r)}" cy="${n(y + r)}" r="${n(r * 0.9)}" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${n(r * 0.025)}"/>`
    );
  }
  if (item.style === 'ribbon') {
    const notch = item.notch;
    return `<path d="M${n(x)} ${n(y)}H${n(x + width)}L${n(x + width - notch)} ${n(y + height / 2)}L${n(x + width)} ${n(y + height)}H${n(x)}Z" fill="${item.colour}"/>`;
  }
  const radius = Math.min(height / 2, width / 2);
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(radius)}" fill="${item.colour}"/>`;
}

/** A text block's glyphs as paths, each placed by the layout's numbers. */
function glyphs(text: TextBlock): string {
  const face = getFace(text.style.font, text.style.weight);
  const { fit, box } = text;
  const scale = fit.size / face.unitsPerEm;
  const parts: string[] = [];
  fit.lines.forEach((line, i) => {
    const baseline = box.y + fit.ascent + i * fit.pitch;
    const start = box.x - line.left + (text.align === 'center' ? (box.width - line.width) / 2 : 0);
    for (const word of line.words) {
      const shaped = face.shape(word.text);
      for (const glyph of shaped.glyphs) {
        const d = face.glyphPath(glyph.id);
        if (!d) continue;
        const gx = start + word.x + glyph.x * scale;
        const gy = baseline - glyph.y * scale;
        parts.push(
          `<path transform="matrix(${n(scale * 1000) / 1000} 0 0 ${-n(scale * 1000) / 1000} ${n(gx)} ${n(gy)})" d="${d}"/>`,
        );
      }
    }
  });
  return `<g fill="${text.colour}">${parts.join('')}</g>`;
}

/** Everything over the picture, as an SVG of `width` px wide drawing the layout's coordinates. */
export function overlaySvg(layout: CardLayout, width: number, height: number): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${layout.width} ${layout.height}">`,
    ...layout.shapes.map(shape),
    ...layout.texts.map(glyphs),
    '</svg>',
  ].join('');
}

/** The drawn backdrop: a soft radial gradient from the scene's lighter colour to its darker. */
export function backdropSvg(layout: CardLayout, width: number, height: number): string {
  const { from, to } = layout.backdrop;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${layout.width} ${layout.height}">` +
    `<defs><radialGradient id="b" cx="0.5" cy="0.42" r="0.75" gradientUnits="objectBoundingBox"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs>` +
    `<rect width="${layout.width}" height="${layout.height}" fill="url(#b)"/></svg>`
  );
}

/** The floor shadow under a cut-out: an ellipse fading out, drawn in its own rect. */
export function shadowSvg(rect: Rect, width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${n(rect.width)} ${n(rect.height)}">` +
    `<defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="0.55" stop-color="#000" stop-opacity="0.14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="${n(rect.width / 2)}" cy="${n(rect.height / 2)}" rx="${n(rect.width / 2)}" ry="${n(rect.height / 2)}" fill="url(#s)"/></svg>`
  );
}

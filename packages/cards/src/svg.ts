/**
 * The layout drawn as SVG: panels, badges, icons, rules and dimension lines, then every text as
 * its glyphs' outlines (one <path> per glyph, from the same shaping the layout measured). No
 * <text> element is ever emitted, so no system font or fontconfig takes part in the pixels.
 */
import { getFace } from './fonts.ts';
import { iconPaths } from './icons.ts';
import { type CardLayout, type Shape, shadowReach, type TextBlock } from './layout.ts';

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

/**
 * A soft shadow under the panels, so a white panel still reads on a white backdrop: a few
 * growing, faint copies of each panel, a little lower (a blur filter costs ten times the card's
 * whole drawing). They are clipped to the safe area, so nothing but the picture reaches outside it.
 */
function panelShadows(layout: CardLayout, panels: readonly Extract<Shape, { kind: 'panel' }>[]) {
  const { x, y, width, height } = layout.safe;
  const u = Math.min(layout.width, layout.height) / 100;
  const rings: string[] = [];
  for (const panel of panels) {
    for (let i = 1; i <= 4; i++) {
      const grow = (i / 4) * shadowReach * u;
      const r = panel.rect;
      rings.push(
        `<rect x="${n(r.x - grow)}" y="${n(r.y - grow + 0.5 * u)}" width="${n(r.width + 2 * grow)}" height="${n(r.height + 2 * grow)}" rx="${n(panel.radius + grow)}"/>`,
      );
    }
  }
  return (
    `<clipPath id="safe"><rect x="${x}" y="${y}" width="${width}" height="${height}"/></clipPath>` +
    `<g clip-path="url(#safe)" fill="#0b1a33" fill-opacity="0.022">${rings.join('')}</g>`
  );
}

/** Everything over the picture, as an SVG of `width` px wide drawing the layout's coordinates. */
export function overlaySvg(layout: CardLayout, width: number, height: number): string {
  const panels = layout.shapes.filter((item) => item.kind === 'panel');
  const others = layout.shapes.filter((item) => item.kind !== 'panel');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${layout.width} ${layout.height}">`,
    panels.length > 0 ? panelShadows(layout, panels) : '',
    ...panels.map(shape),
    ...others.map(shape),
    ...layout.texts.map(glyphs),
    '</svg>',
  ].join('');
}

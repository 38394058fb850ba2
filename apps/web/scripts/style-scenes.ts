// The style presets' previews and the gallery's examples (issue #49), drawn by the sample pipeline
// (scripts/make-images.ts). A picture is a subject (scripts/style-subjects.ts, style-places.ts,
// style-people.ts) under its style's treatment: the SVG filters and overlays that make the look
// of the catalogue's style (packages/catalog/src/styles.ts: its name, description and prompt
// words) read at a glance at 160 px wide. Everything is deterministic: fixed seeds, no downloads.

import type SharpModule from 'sharp';
import type { StylePreviewId } from '../app/features/studio/style-previews.ts';
import { cafeSelfie, comicHero, fashionLook, studioPortrait } from './style-people.ts';
import {
  beachDay,
  foxInMeadow,
  isoRoom,
  lighthouse,
  neonStreet,
  pixelLevel,
  rainyStreet,
  stillLife,
  travelPoster,
  wavesAtCliff,
} from './style-places.ts';
import {
  brunchFlatLay,
  candleRoom,
  ctx,
  glossyShapes,
  goldenSun,
  headphonesOnMarble,
  icedLatte,
  lonelyVase,
  macarons,
  n,
  radial,
  ramenBowl,
  type Subject,
  serumOnWhite,
  sneakersInNeon,
  teaWithSteam,
  text,
} from './style-subjects.ts';

// ── Filter pieces ────────────────────────────────────────────────────────────────────────────

/** A filter over the whole canvas (user space, so noise fills it edge to edge). */
function filter(id: string, w: number, h: number, body: string): string {
  return `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${w}" height="${h}" color-interpolation-filters="sRGB">${body}</filter>`;
}

/** Per-channel tone curves (feComponentTransfer tables), from shadows to highlights. */
function curves(
  r: number[],
  g: number[],
  b: number[],
  input = 'SourceGraphic',
  result = '',
): string {
  const f = (tag: string, v: number[]) => `<${tag} type="table" tableValues="${v.join(' ')}"/>`;
  return `<feComponentTransfer in="${input}"${result ? ` result="${result}"` : ''}>${f('feFuncR', r)}${f('feFuncG', g)}${f('feFuncB', b)}</feComponentTransfer>`;
}

function saturate(amount: number, input = '', result = ''): string {
  return `<feColorMatrix${input ? ` in="${input}"` : ''} type="saturate" values="${amount}"${result ? ` result="${result}"` : ''}/>`;
}

/** Light bloom: the picture's blurred brights screened over it. */
function bloom(deviation: number, strength: number, input = 'SourceGraphic'): string {
  return `<feGaussianBlur in="${input}" stdDeviation="${deviation}" result="bl"/><feComponentTransfer in="bl" result="bl2"><feFuncR type="linear" slope="${strength}"/><feFuncG type="linear" slope="${strength}"/><feFuncB type="linear" slope="${strength}"/></feComponentTransfer><feBlend in="${input}" in2="bl2" mode="screen"/>`;
}

/** Film grain: grey noise laid over the picture with an overlay blend. */
function grain(
  id: string,
  w: number,
  h: number,
  amount: number,
  seed: number,
  freq = 0.85,
): string {
  return `<defs>${filter(
    id,
    w,
    h,
    `<feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="1" seed="${seed}"/><feColorMatrix type="matrix" values="1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 ${amount}"/>`,
  )}</defs><rect width="${w}" height="${h}" filter="url(#${id})" style="mix-blend-mode:overlay"/>`;
}

function vignette(w: number, h: number, strength: number, color = '#000', inner = 0.55): string {
  return `<defs>${radial(
    'vig',
    [
      [0, color, 0],
      [inner, color, 0],
      [1, color, strength],
    ],
    0.5,
    0.5,
    0.75,
  )}</defs><rect width="${w}" height="${h}" fill="url(#vig)"/>`;
}

/** A halftone dot screen laid over the picture with a multiply blend. */
function halftone(
  w: number,
  h: number,
  size: number,
  color: string,
  opacity: number,
  mask = '',
): string {
  const r = size * 0.32;
  return `<defs><pattern id="dots" width="${size}" height="${size}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><circle cx="${size / 2}" cy="${size / 2}" r="${n(r)}" fill="${color}"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#dots)" opacity="${opacity}" style="mix-blend-mode:multiply"${mask ? ` mask="url(#${mask})"` : ''}/>`;
}

// ── Treatments ───────────────────────────────────────────────────────────────────────────────

/** A style's look: how the subject is drawn, filtered and what is laid over it. */
type Treatment = {
  /** Stroke attributes for the subject's shapes (outlined styles). */
  ink?: string;
  flat?: boolean;
  /** The body of the filter over the subject (its input: SourceGraphic). */
  filter?: (w: number, h: number) => string;
  /** Drawn over the filtered subject. */
  overlay?: (w: number, h: number) => string;
  /** Turns and enlarges the subject a little, as a phone held by hand. */
  tilt?: number;
  /** The colour behind the filtered subject (where a filter pulls in its edges); white by default. */
  base?: string;
  /** Drawn on a grid this many pixels a cell, quantised to a 16-colour palette. */
  pixel?: number;
};

const warm = (k: number) =>
  curves(
    [0, 0.3 + 0.05 * k, 0.62 + 0.05 * k, 1],
    [0, 0.3, 0.6, 0.95],
    [0, 0.28 - 0.04 * k, 0.52 - 0.06 * k, 0.86 - 0.06 * k],
  );

const treatments: Record<StylePreviewId, Treatment> = {
  'product-white': {
    filter: () => `${curves([0, 0.34, 0.7, 1], [0, 0.34, 0.7, 1], [0, 0.34, 0.7, 1])}`,
  },
  lifestyle: {
    filter: () => warm(1),
    overlay: (w, h) =>
      `<defs>${radial('sunlit', [
        [0, '#ffe2b0', 0.45],
        [1, '#ffe2b0', 0],
      ])}</defs><ellipse cx="${n(w * 0.2)}" cy="${n(h * 0.25)}" rx="${n(w * 0.7)}" ry="${n(h * 0.5)}" fill="url(#sunlit)" style="mix-blend-mode:screen"/>${vignette(w, h, 0.25, '#2a1408')}`,
  },
  'flat-lay': { filter: () => saturate(1.08) },
  cinematic: {
    filter: () =>
      `${curves([0.02, 0.18, 0.62, 1], [0.06, 0.3, 0.62, 0.9], [0.1, 0.36, 0.52, 0.7], 'SourceGraphic', 'g')}${saturate(1.15, 'g')}`,
    overlay: (w, h) => {
      const bar = w > h ? Math.max(0, (h - w / 2.39) / 2) : h * 0.12;
      return `<defs><linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0.3" stop-color="#ffd2a0" stop-opacity="0"/><stop offset="0.55" stop-color="#ffd2a0" stop-opacity="0.28"/><stop offset="0.75" stop-color="#8fc0c8" stop-opacity="0"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#haze)"/>${vignette(w, h, 0.45)}${grain('cgrain', w, h, 0.12, 4)}<rect width="${w}" height="${n(bar)}" fill="#000"/><rect y="${n(h - bar)}" width="${w}" height="${n(bar)}" fill="#000"/>`;
    },
  },
  'film-photo': {
    filter: () =>
      `${curves([0.1, 0.4, 0.74, 0.98], [0.08, 0.36, 0.68, 0.92], [0.12, 0.34, 0.6, 0.8], 'SourceGraphic', 'f')}${saturate(0.82, 'f')}`,
    overlay: (w, h) =>
      `<defs>${radial('leak', [
        [0, '#ff7a2a', 0.85],
        [0.5, '#ff3a2a', 0.35],
        [1, '#ff3a2a', 0],
      ])}</defs><ellipse cx="${n(w * 1.02)}" cy="${n(h * 0.18)}" rx="${n(w * 0.4)}" ry="${n(h * 0.45)}" fill="url(#leak)" style="mix-blend-mode:screen"/>${vignette(w, h, 0.5, '#1a0e06')}${grain('fgrain', w, h, 0.3, 7)}${text(w * 0.62, h * 0.95, "'98 7 14", 17 * (w / 320), '#ff8a2a', 700)}`,
  },
  anime: {
    ink: 'stroke="#2b1a14" stroke-width="3" stroke-linejoin="round"',
    flat: true,
    filter: () => saturate(1.12),
  },
  'render-3d': {},
  watercolor: {
    filter: (w, h) =>
      `<feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="2" seed="2" result="warp"/><feDisplacementMap in="SourceGraphic" in2="warp" scale="${n(8 * (Math.min(w, h) / 320))}" xChannelSelector="R" yChannelSelector="G" result="d"/><feGaussianBlur in="d" stdDeviation="${n(2.6 * (w / 320))}" result="b"/><feComposite in="d" in2="b" operator="arithmetic" k2="0.35" k3="0.65" result="soft"/>${saturate(0.85, 'soft', 's')}<feComponentTransfer in="s" result="wash"><feFuncR type="linear" slope="0.74" intercept="0.26"/><feFuncG type="linear" slope="0.74" intercept="0.26"/><feFuncB type="linear" slope="0.76" intercept="0.24"/></feComponentTransfer><feTurbulence type="fractalNoise" baseFrequency="0.018" numOctaves="3" seed="5" result="blot"/><feColorMatrix in="blot" type="matrix" values="-0.42 0 0 0 1.2 -0.4 0 0 0 1.19 -0.3 0 0 0 1.14 0 0 0 0 1" result="blots"/><feBlend in="wash" in2="blots" mode="multiply" result="pig0"/><feGaussianBlur in="b" stdDeviation="${n(3.5 * (w / 320))}" result="wide"/><feComposite in="b" in2="wide" operator="arithmetic" k2="1" k3="-1" result="e1"/><feComposite in="wide" in2="b" operator="arithmetic" k2="1" k3="-1" result="e2"/><feComposite in="e1" in2="e2" operator="arithmetic" k2="1" k3="1" result="e"/><feColorMatrix in="e" type="matrix" values="-0.5 -1 -0.2 0 1 -0.5 -1 -0.2 0 1 -0.5 -1 -0.2 0 1 0 0 0 0 1" result="rimsFull"/><feComponentTransfer in="rimsFull" result="rimsRaw"><feFuncR type="table" tableValues="0.7 1"/><feFuncG type="table" tableValues="0.7 1"/><feFuncB type="table" tableValues="0.7 1"/></feComponentTransfer><feFlood flood-color="#fff" result="white"/><feFlood x="${n(14 * (w / 320))}" y="${n(14 * (w / 320))}" width="${n(w - 28 * (w / 320))}" height="${n(h - 28 * (w / 320))}" flood-color="#fff" result="inset"/><feComposite in="rimsRaw" in2="inset" operator="in" result="rimsIn"/><feMerge result="rims"><feMergeNode in="white"/><feMergeNode in="rimsIn"/></feMerge><feBlend in="pig0" in2="rims" mode="multiply" result="pig"/><feTurbulence type="fractalNoise" baseFrequency="0.7" numOctaves="1" seed="8" result="pn"/><feDiffuseLighting in="pn" surfaceScale="0.7" lighting-color="#fff" result="paper"><feDistantLight azimuth="45" elevation="70"/></feDiffuseLighting><feComponentTransfer in="paper" result="paper2"><feFuncR type="linear" slope="0.5" intercept="0.53"/><feFuncG type="linear" slope="0.5" intercept="0.53"/><feFuncB type="linear" slope="0.5" intercept="0.5"/></feComponentTransfer><feBlend in="pig" in2="paper2" mode="multiply"/>`,
    overlay: (w, h) =>
      `<defs>${radial(
        'edge',
        [
          [0, '#fffdf8', 0],
          [0.78, '#fffdf8', 0],
          [0.92, '#fffdf8', 1],
        ],
        0.5,
        0.5,
        0.72,
      )}${filter('ragged', w, h, `<feTurbulence type="fractalNoise" baseFrequency="0.04" numOctaves="3" seed="6" result="t"/><feDisplacementMap in="SourceGraphic" in2="t" scale="${n(40 * (w / 320))}" xChannelSelector="R" yChannelSelector="G"/>`)}</defs><rect x="${n(-w * 0.05)}" y="${n(-h * 0.05)}" width="${n(w * 1.1)}" height="${n(h * 1.1)}" fill="url(#edge)" filter="url(#ragged)"/>`,
  },
  minimalism: {},
  neon: { filter: (w) => bloom(7 * (w / 320), 0.9) },
  'editorial-fashion': {
    filter: () =>
      `${curves([0, 0.22, 0.74, 1], [0, 0.22, 0.74, 1], [0, 0.24, 0.74, 1], 'SourceGraphic', 'e')}${saturate(1.2, 'e')}`,
  },
  food: {
    filter: () => warm(1.4),
    overlay: (w, h) => vignette(w, h, 0.5, '#120804', 0.45),
  },
  'studio-portrait': {
    overlay: (w, h) => `${vignette(w, h, 0.3)}${grain('pgrain', w, h, 0.08, 3)}`,
  },
  'golden-hour': {
    filter: () => warm(2),
    overlay: (w, h) => {
      const sx = w * goldenSun.x;
      const sy = h * goldenSun.y;
      const dx = w / 2 - sx;
      const dy = h / 2 - sy;
      const ghosts = [
        [0.6, 10, '#ffd27a', 0.35],
        [1.1, 22, '#ff9a6a', 0.22],
        [1.5, 14, '#fff0b0', 0.3],
        [2.1, 34, '#ff8a8a', 0.16],
      ] as const;
      return `<defs>${radial('flare', [
        [0, '#fff6d8', 0.95],
        [0.25, '#ffd68a', 0.5],
        [1, '#ffb060', 0],
      ])}</defs><circle cx="${n(sx)}" cy="${n(sy)}" r="${n(w * 0.45)}" fill="url(#flare)" style="mix-blend-mode:screen"/><path d="M${n(sx - w * 0.5)} ${n(sy + 3)}H${n(sx + w * 0.5)}" stroke="#fff2c8" stroke-width="${n(2 * (w / 320))}" opacity="0.6"/>${ghosts
        .map(
          ([t, r, color, o]) =>
            `<circle cx="${n(sx + dx * t)}" cy="${n(sy + dy * t)}" r="${n(r * (w / 320))}" fill="${color}" opacity="${o}" style="mix-blend-mode:screen"/>`,
        )
        .join('')}`;
    },
  },
  'black-white': {
    filter: () =>
      `<feColorMatrix type="saturate" values="0" result="m"/><feComponentTransfer in="m"><feFuncR type="table" tableValues="0 0.06 0.4 0.86 1"/><feFuncG type="table" tableValues="0 0.06 0.4 0.86 1"/><feFuncB type="table" tableValues="0 0.06 0.4 0.86 1"/></feComponentTransfer>`,
    overlay: (w, h) => `${vignette(w, h, 0.55)}${grain('bgrain', w, h, 0.26, 11)}`,
  },
  pastel: {
    filter: () =>
      `<feComponentTransfer result="p"><feFuncR type="linear" slope="0.84" intercept="0.16"/><feFuncG type="linear" slope="0.84" intercept="0.16"/><feFuncB type="linear" slope="0.84" intercept="0.16"/></feComponentTransfer>${saturate(0.95, 'p')}`,
  },
  'vintage-poster': {
    flat: true,
    filter: (w) =>
      `<feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="12" result="r"/><feDisplacementMap in="SourceGraphic" in2="r" scale="${n(2.5 * (w / 320))}" xChannelSelector="R" yChannelSelector="G"/>`,
    overlay: (w, h) =>
      `<defs><linearGradient id="dotfade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.6" stop-color="#000"/></linearGradient><mask id="dotmask"><rect width="${w}" height="${h}" fill="url(#dotfade)"/></mask>${filter('worn', w, h, `<feTurbulence type="fractalNoise" baseFrequency="0.02 0.06" numOctaves="4" seed="21"/><feColorMatrix type="matrix" values="0 0 0 0 0.55 0 0 0 0 0.42 0 0 0 0 0.25 0 0 0 -2.2 1.2"/>`)}</defs>${halftone(w, h, 7 * (w / 320), '#7a2a10', 0.45, 'dotmask')}<rect width="${w}" height="${h}" filter="url(#worn)" opacity="0.5" style="mix-blend-mode:multiply"/><rect width="${w}" height="${h}" fill="#f3e2bf" opacity="0.18" style="mix-blend-mode:multiply"/><rect width="${w}" height="${h}" fill="none" stroke="#f4e6c8" stroke-width="${n(w * 0.07)}"/>`,
  },
  'oil-painting': {
    filter: (w) =>
      `<feTurbulence type="fractalNoise" baseFrequency="0.03 0.08" numOctaves="3" seed="3" result="st"/><feDisplacementMap in="SourceGraphic" in2="st" scale="${n(16 * (w / 320))}" xChannelSelector="R" yChannelSelector="G" result="d"/>${saturate(1.2, 'd', 'ds')}<feTurbulence type="fractalNoise" baseFrequency="0.06 0.11" numOctaves="2" seed="9" result="bump"/><feDiffuseLighting in="bump" surfaceScale="1.6" lighting-color="#fff" result="light"><feDistantLight azimuth="225" elevation="55"/></feDiffuseLighting><feComposite in="ds" in2="light" operator="arithmetic" k1="1.18" k2="0" k3="0" k4="0" result="lit"/>${warm(0.6).replace('SourceGraphic', 'lit')}`,
    base: '#2a1a0c',
    overlay: (w, h) => vignette(w, h, 0.4, '#140a02'),
  },
  'pixel-art': { pixel: 4 },
  cyberpunk: {
    filter: (w) => bloom(6 * (w / 320), 0.85),
    overlay: (w, h) =>
      `<defs><linearGradient id="phaze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a1aa0" stop-opacity="0.25"/><stop offset="0.55" stop-color="#b34dff" stop-opacity="0.18"/><stop offset="1" stop-color="#20083a" stop-opacity="0.3"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#phaze)" style="mix-blend-mode:screen"/>${vignette(w, h, 0.5, '#05010c')}`,
  },
  isometric: {},
  comic: {
    ink: 'stroke="#111" stroke-width="6" stroke-linejoin="round"',
    flat: true,
    filter: () =>
      `<feComponentTransfer result="q"><feFuncR type="discrete" tableValues="0 0.5 0.85 1"/><feFuncG type="discrete" tableValues="0 0.45 0.8 1"/><feFuncB type="discrete" tableValues="0 0.4 0.8 1"/></feComponentTransfer>${saturate(1.3, 'q')}`,
    overlay: (w, h) =>
      `<defs><radialGradient id="dotlight" cx="0.35" cy="0.3" r="0.9"><stop offset="0.5" stop-color="#000"/><stop offset="1" stop-color="#fff"/></radialGradient><mask id="comicmask"><rect width="${w}" height="${h}" fill="url(#dotlight)"/></mask></defs>${halftone(w, h, 13 * (w / 320), '#a0001a', 0.75, 'comicmask')}<rect x="3" y="3" width="${w - 6}" height="${h - 6}" fill="none" stroke="#111" stroke-width="6"/>`,
  },
  luxury: {
    filter: () => curves([0, 0.18, 0.62, 1], [0, 0.16, 0.58, 0.96], [0, 0.14, 0.52, 0.88]),
    overlay: (w, h) => vignette(w, h, 0.6),
  },
  'ugc-phone': {
    tilt: 3.5,
    filter: () =>
      `${curves([0.04, 0.42, 0.8, 1], [0.03, 0.4, 0.78, 1], [0.05, 0.4, 0.76, 0.98], 'SourceGraphic', 'u')}${saturate(1.05, 'u')}`,
    overlay: (w, h) =>
      `<defs>${radial('flash', [
        [0, '#ffffff', 0.5],
        [0.35, '#ffffff', 0.15],
        [1, '#ffffff', 0],
      ])}</defs><ellipse cx="${n(w * 0.44)}" cy="${n(h * 0.42)}" rx="${n(w * 0.45)}" ry="${n(h * 0.3)}" fill="url(#flash)" style="mix-blend-mode:screen"/>${vignette(w, h, 0.55, '#000', 0.4)}${grain('ugrain', w, h, 0.22, 17, 1.2)}`,
  },
};

/** Every style's treatment: a preview's look is its style's, so it can be checked. */
export function treatmentFor(style: string): Treatment {
  const treatment = (treatments as Record<string, Treatment>)[style];
  if (!treatment) throw new Error(`no treatment for the style ${style}`);
  return treatment;
}

// ── Pictures ─────────────────────────────────────────────────────────────────────────────────

/** PICO-8's 16 colours: the pixel-art preview is quantised to them. */
const palette16 = [
  0x000000, 0x1d2b53, 0x7e2553, 0x008751, 0xab5236, 0x5f574f, 0xc2c3c7, 0xfff1e8, 0xff004d,
  0xffa300, 0xffec27, 0x00e436, 0x29adff, 0x83769c, 0xff77a8, 0xffccaa,
].map((rgb) => [rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff] as const);

function quantise(data: Buffer): void {
  for (let i = 0; i < data.length; i += 3) {
    let best = palette16[0] ?? [0, 0, 0];
    let distance = Number.POSITIVE_INFINITY;
    for (const color of palette16) {
      const d =
        ((data[i] ?? 0) - color[0]) ** 2 +
        ((data[i + 1] ?? 0) - color[1]) ** 2 +
        ((data[i + 2] ?? 0) - color[2]) ** 2;
      if (d < distance) {
        distance = d;
        best = color;
      }
    }
    [data[i], data[i + 1], data[i + 2]] = best;
  }
}

/** The SVG of a subject under a style's treatment, `width` × `height`. */
export function styledSvg(style: string, subject: Subject, width: number, height: number): string {
  const t = treatmentFor(style);
  const [w, h] = [width, height];
  let body = subject(ctx(w, h, t.ink ?? '', t.flat ?? false));
  if (t.tilt) {
    body = `<g transform="translate(${w / 2} ${h / 2}) rotate(${t.tilt}) scale(1.12) translate(${-w / 2} ${-h / 2})">${body}</g>`;
  }
  const look = t.filter ? filter('look', w, h, t.filter(w, h)) : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${look}</defs><g${look ? ' filter="url(#look)"' : ''}><rect width="${w}" height="${h}" fill="${t.base ?? '#fff'}"/>${body}</g>${t.overlay?.(w, h) ?? ''}</svg>`;
}

/** Rasterises a subject in a style's look to a PNG of `width` × `height`. */
export async function renderStyled(
  sharp: typeof SharpModule,
  style: string,
  subject: Subject,
  width: number,
  height: number,
): Promise<Buffer> {
  const cell = treatmentFor(style).pixel;
  if (!cell)
    return sharp(Buffer.from(styledSvg(style, subject, width, height)))
      .png()
      .toBuffer();
  // Pixel art: drawn a cell per pixel, quantised, then enlarged without smoothing.
  const [gw, gh] = [Math.round(width / cell), Math.round(height / cell)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${gw}" height="${gh}" viewBox="0 0 ${gw} ${gh}">${subject(ctx(gw, gh))}</svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .flatten({ background: '#000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  quantise(data);
  return sharp(data, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .png()
    .toBuffer();
}

/** Whether a style's pictures are flat pixel blocks (encoded losslessly: they stay crisp). */
export function isPixelStyle(style: string): boolean {
  return Boolean(treatmentFor(style).pixel);
}

/** Each style preview's subject (public/styles/<id>, 320×400). */
export const previewSubjects: Record<StylePreviewId, Subject> = {
  'product-white': serumOnWhite,
  lifestyle: candleRoom,
  'flat-lay': brunchFlatLay,
  cinematic: wavesAtCliff,
  'film-photo': beachDay,
  anime: foxInMeadow,
  'render-3d': glossyShapes,
  watercolor: lighthouse,
  minimalism: lonelyVase,
  neon: sneakersInNeon,
  'editorial-fashion': fashionLook,
  food: ramenBowl,
  'studio-portrait': studioPortrait,
  'golden-hour': icedLatte,
  'black-white': rainyStreet,
  pastel: macarons,
  'vintage-poster': travelPoster,
  'oil-painting': stillLife,
  'pixel-art': pixelLevel,
  cyberpunk: neonStreet,
  isometric: isoRoom,
  comic: comicHero,
  luxury: headphonesOnMarble,
  'ugc-phone': cafeSelfie,
};

/** Each gallery example's subject by its id (public/examples/<id>, its frame's size). */
export const exampleSubjects: Record<string, Subject> = {
  'iced-latte': icedLatte,
  'neon-sneakers': sneakersInNeon,
  'brunch-flat-lay': brunchFlatLay,
  'serum-on-white': serumOnWhite,
  'cosy-candle': candleRoom,
  'luxury-headphones': headphonesOnMarble,
  'watercolor-lighthouse': lighthouse,
  'rainy-neon-street': neonStreet,
  'anime-fox': foxInMeadow,
  'waves-at-dusk': wavesAtCliff,
  'tea-with-steam': teaWithSteam,
  'rainy-street-bw': rainyStreet,
  'studio-portrait': studioPortrait,
  'fashion-look': fashionLook,
  'cafe-selfie': cafeSelfie,
};

// The subjects of the style previews and the gallery's examples (issue #49), part one: the SVG
// helpers and the objects (products, drinks, dishes). Every subject draws a whole picture of
// `c.w` × `c.h` and lays itself out from that size, so one subject serves a 4:5 preview and a
// 16:9 example alike; scripts/style-scenes.ts puts a style's treatment over it. Outlined,
// flat-coloured styles (anime, comic, poster) draw the same subject with `c.ink` and `c.flat`.

/** What a subject draws on. */
export type Ctx = {
  w: number;
  h: number;
  /** The scale of a 400 px layout: min(w, h) / 400. */
  u: number;
  /** Stroke attributes for outlined styles, or ''. */
  ink: string;
  /** Flat fills instead of gradients (cel, comic, poster). */
  flat: boolean;
};

export type Subject = (c: Ctx) => string;

export function ctx(w: number, h: number, ink = '', flat = false): Ctx {
  return { w, h, u: Math.min(w, h) / 400, ink, flat };
}

// ── SVG helpers ──────────────────────────────────────────────────────────────────────────────

type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
}

export function linear(id: string, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

export function radial(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

export function blur(id: string, deviation: number): string {
  return `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/** A deterministic pseudo-random sequence, so every run draws the same pictures. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One decimal: shorter SVG. */
export function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** A gradient's url, or its flat colour in flat styles. */
export function paint(c: Ctx, id: string, flat: string): string {
  return c.flat ? flat : `url(#${id})`;
}

/** Places a local drawing (origin at its base centre) at fractions of the canvas, scaled. */
export function at(c: Ctx, fx: number, fy: number, scale = 1): string {
  return `transform="translate(${n(c.w * fx)} ${n(c.h * fy)}) scale(${(c.u * scale).toFixed(3)})"`;
}

export function rect(w: number, h: number, fill: string, extra = ''): string {
  return `<rect width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`;
}

export function text(
  x: number,
  y: number,
  value: string,
  size: number,
  fill: string,
  weight = 700,
) {
  return `<text x="${n(x)}" y="${n(y)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${n(size)}" font-weight="${weight}" fill="${fill}">${value}</text>`;
}

/** Rising steam: soft wavy strokes. */
export function steam(x: number, y: number, height: number, seed: number, count = 3): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x0 = x + (i - (count - 1) / 2) * 22 + (next() - 0.5) * 14;
    const tall = height * (0.7 + next() * 0.45);
    const sway = (next() < 0.5 ? -1 : 1) * (12 + next() * 16);
    out += `<path d="M${n(x0)} ${y}c${n(-sway)} ${n(-tall * 0.18)} ${n(sway * 1.2)} ${n(-tall * 0.36)} ${n(sway * 0.3)} ${n(-tall * 0.55)}s${n(-sway * 1.4)} ${n(-tall * 0.28)} ${n(-sway * 0.2)} ${n(-tall * 0.45)}" fill="none" stroke="#fff" stroke-width="${n(10 + next() * 8)}" stroke-linecap="round" opacity="${(0.28 + next() * 0.2).toFixed(2)}" filter="url(#steamblur)"/>`;
  }
  return `<defs>${blur('steamblur', 7)}</defs>${out}`;
}

/** Wooden planks across the lower part of the canvas, from `top` down. */
export function woodTable(c: Ctx, top: number, tone: [string, string], seed: number): string {
  const next = random(seed);
  let grain = '';
  for (let i = 0; i < 26; i++) {
    const y = top + next() * (c.h - top);
    const x = next() * c.w;
    grain += `<path d="M${n(x - 120)} ${n(y)}q60 ${n(-3 + next() * 6)} 120 0t120 0" fill="none" stroke="#2a1408" stroke-width="${n(0.8 + next() * 1.4)}" opacity="0.22"/>`;
  }
  let seams = '';
  for (let y = top + (c.h - top) / 3; y < c.h; y += (c.h - top) / 3) {
    seams += `<rect y="${n(y)}" width="${c.w}" height="2" fill="#2a1408" opacity="0.35"/>`;
  }
  return `<defs>${linear('wood', [
    [0, tone[0]],
    [1, tone[1]],
  ])}</defs><rect y="${n(top)}" width="${c.w}" height="${n(c.h - top)}" fill="${paint(c, 'wood', tone[0])}"/>${grain}${seams}`;
}

/** A soft contact shadow under an object. */
export function contactShadow(rx: number, ry: number, opacity = 0.35, color = '#000'): string {
  return `<defs>${blur('cshadow', 6)}</defs><ellipse cx="0" cy="0" rx="${rx}" ry="${ry}" fill="${color}" opacity="${opacity}" filter="url(#cshadow)"/>`;
}

// ── Products ─────────────────────────────────────────────────────────────────────────────────

/** An amber serum bottle with a dropper, its base at the origin, 250 units tall. */
function serumBottle(c: Ctx): string {
  const defs = `<defs>${linear(
    'amber',
    [
      [0, '#5a2405'],
      [0.25, '#a8520f'],
      [0.5, '#e08a2c'],
      [0.72, '#b4601a'],
      [1, '#4a1c04'],
    ],
    0,
    0,
    1,
    0,
  )}${linear(
    'cap',
    [
      [0, '#0c0c0e'],
      [0.4, '#4a4a50'],
      [1, '#0c0c0e'],
    ],
    0,
    0,
    1,
    0,
  )}</defs>`;
  return `${defs}
<path d="M-52 -4V-128Q-52 -150 -30 -156H30Q52 -150 52 -128V-4Q52 0 46 0H-46Q-52 0 -52 -4Z" fill="${paint(c, 'amber', '#c2661c')}" ${c.ink}/>
<rect x="-38" y="-118" width="76" height="70" rx="4" fill="#f6efe4" ${c.ink}/>
<rect x="-26" y="-104" width="52" height="8" rx="2" fill="#3b2a1e"/>
<rect x="-26" y="-88" width="40" height="4" rx="2" fill="#8d7a68"/>
<rect x="-26" y="-80" width="46" height="4" rx="2" fill="#8d7a68"/>
<rect x="-26" y="-64" width="30" height="4" rx="2" fill="#b39d86"/>
<rect x="-20" y="-176" width="40" height="22" rx="3" fill="${paint(c, 'cap', '#222')}" ${c.ink}/>
<path d="M-14 -176V-222Q-14 -246 0 -246Q14 -246 14 -222V-176Z" fill="${paint(c, 'cap', '#1a1a1a')}" ${c.ink}/>
<rect x="-40" y="-146" width="9" height="132" rx="4.5" fill="#fff" opacity="${c.flat ? 0.8 : 0.42}"/>
<rect x="30" y="-140" width="4" height="118" rx="2" fill="#fff" opacity="0.22"/>
<ellipse cx="-5" cy="-232" rx="4" ry="9" fill="#fff" opacity="0.35"/>`;
}

/** The serum on a seamless pure white backdrop (product-white). */
export const serumOnWhite: Subject = (c) =>
  `<defs>${linear('seam', [
    [0, '#ffffff'],
    [0.7, '#ffffff'],
    [1, '#f1f1f1'],
  ])}</defs>${rect(c.w, c.h, 'url(#seam)')}
<g ${at(c, 0.5, 0.8, 1.25)}>${contactShadow(70, 9, 0.4)}<ellipse rx="110" ry="18" fill="#000" opacity="0.05" filter="url(#cshadow)"/>${serumBottle(c)}</g>`;

/** A scented candle in a glass, its base at the origin, 150 units tall. */
function candle(c: Ctx): string {
  return `<defs>${radial('flame', [
    [0, '#fff8d0'],
    [0.5, '#ffc451'],
    [1, '#ff8a1f', 0],
  ])}${radial('candleglow', [
    [0, '#ffd27a', 0.55],
    [1, '#ffb347', 0],
  ])}${linear(
    'glass',
    [
      [0, '#ffffff', 0.35],
      [0.2, '#ffffff', 0.08],
      [0.8, '#ffffff', 0.05],
      [1, '#ffffff', 0.3],
    ],
    0,
    0,
    1,
    0,
  )}</defs>
<circle cx="0" cy="-150" r="120" fill="url(#candleglow)"/>
<rect x="-62" y="-130" width="124" height="130" rx="12" fill="#f3e6cf" ${c.ink}/>
<rect x="-62" y="-130" width="124" height="24" rx="10" fill="#fff6e6"/>
<rect x="-44" y="-76" width="88" height="44" rx="4" fill="#5b6b5a"/>
<rect x="-30" y="-62" width="60" height="6" rx="2" fill="#e9e2d0"/>
<rect x="-22" y="-50" width="44" height="4" rx="2" fill="#c9c2b0"/>
<rect x="-66" y="-146" width="132" height="146" rx="14" fill="url(#glass)" stroke="#fff" stroke-opacity="0.5" stroke-width="2"/>
<rect x="-56" y="-136" width="8" height="120" rx="4" fill="#fff" opacity="0.4"/>
<path d="M0 -124v-14" stroke="#2b1d12" stroke-width="3"/>
<ellipse cx="0" cy="-158" rx="22" ry="36" fill="url(#flame)"/>
<path d="M0 -182Q10 -160 7 -148Q4 -138 0 -138Q-4 -138 -7 -148Q-10 -160 0 -182Z" fill="#fff4c2"/>`;
}

/** The candle on a wooden table in a cosy, softly blurred room (lifestyle). */
export const candleRoom: Subject = (c) => {
  const table = c.h * 0.7;
  return `<defs>${linear(
    'wall',
    [
      [0, '#e9d3b6'],
      [1, '#b88e66'],
    ],
    0,
    0,
    1,
    0.3,
  )}${linear('window', [
    [0, '#fffaf0'],
    [1, '#ffe6b8'],
  ])}${blur('dof', 9 * c.u)}${linear(
    'beam',
    [
      [0, '#fff4d8', 0.55],
      [1, '#fff4d8', 0],
    ],
    0,
    0,
    1,
    1,
  )}</defs>
${rect(c.w, table, 'url(#wall)')}<g filter="url(#dof)"><rect x="-30" y="-30" width="${c.w + 60}" height="${n(table + 30)}" fill="url(#wall)"/>
<rect x="${n(c.w * 0.06)}" y="${n(c.h * 0.08)}" width="${n(c.w * 0.36)}" height="${n(c.h * 0.48)}" fill="url(#window)"/>
<path d="M${n(c.w * 0.24)} ${n(c.h * 0.08)}v${n(c.h * 0.48)}M${n(c.w * 0.06)} ${n(c.h * 0.32)}h${n(c.w * 0.36)}" stroke="#a07a58" stroke-width="${n(6 * c.u)}"/>
<rect x="${n(c.w * 0.68)}" y="${n(c.h * 0.22)}" width="${n(c.w * 0.3)}" height="${n(c.h * 0.03)}" fill="#7a5437"/>
<rect x="${n(c.w * 0.72)}" y="${n(c.h * 0.13)}" width="${n(c.w * 0.06)}" height="${n(c.h * 0.09)}" fill="#c26a4a"/>
<rect x="${n(c.w * 0.8)}" y="${n(c.h * 0.15)}" width="${n(c.w * 0.05)}" height="${n(c.h * 0.07)}" fill="#e0c49a"/>
<g ${at(c, 0.88, 0.66, 1)}><path d="M-30 0h60l-8 -70h-44Z" fill="#d9cbb5"/><circle cx="-30" cy="-110" r="42" fill="#4f7a45"/><circle cx="22" cy="-130" r="48" fill="#5f8f50"/><circle cx="0" cy="-170" r="38" fill="#6f9e5c"/></g>
<path d="M${n(c.w * 0.06)} ${n(c.h * 0.08)}L${n(c.w * 0.42)} ${n(c.h * 0.08)}L${n(c.w * 0.9)} ${n(table)}L${n(c.w * 0.3)} ${n(table)}Z" fill="url(#beam)" opacity="0.6"/></g>
${woodTable(c, table, ['#9a6a42', '#5e3a20'], 7)}
<path d="M${n(c.w * 0.3)} ${n(table)}L${n(c.w * 0.9)} ${n(table)}L${n(c.w)} ${n(c.h)}H${n(c.w * 0.5)}Z" fill="#fff2d4" opacity="0.18"/>
<g ${at(c, 0.54, 0.82, 1.15)}>${contactShadow(80, 10, 0.45)}${candle(c)}</g>
<g ${at(c, 0.18, 0.86, 1)}><rect x="-50" y="-22" width="100" height="22" rx="3" fill="#3f5f6e"/><rect x="-46" y="-42" width="92" height="20" rx="3" fill="#c9a97c"/></g>`;
};

/** Over-ear headphones, the bottom of the cups at the origin, 220 units tall. */
function headphones(c: Ctx): string {
  return `<defs>${linear(
    'gold',
    [
      [0, '#fff1b0'],
      [0.35, '#d4a640'],
      [0.7, '#8a5d12'],
      [1, '#f5d77a'],
    ],
    0,
    0,
    1,
    1,
  )}${linear(
    'cup',
    [
      [0, '#3a3a3e'],
      [0.45, '#101012'],
      [1, '#050506'],
    ],
    0,
    0,
    1,
    1,
  )}</defs>
<path d="M-96 -90Q-104 -230 0 -232Q104 -230 96 -90" fill="none" stroke="#0d0d0f" stroke-width="22" stroke-linecap="round"/>
<path d="M-88 -100Q-94 -218 0 -220Q94 -218 88 -100" fill="none" stroke="${paint(c, 'gold', '#d4a640')}" stroke-width="4"/>
<path d="M-60 -214Q0 -236 60 -214" fill="none" stroke="#55555c" stroke-width="5" stroke-linecap="round" opacity="0.8"/>
${[-1, 1]
  .map(
    (side) => `<g transform="translate(${side * 92} -52)">
<rect x="-10" y="-66" width="20" height="34" rx="6" fill="${paint(c, 'gold', '#d4a640')}"/>
<ellipse rx="44" ry="58" fill="${paint(c, 'cup', '#141416')}" stroke="${paint(c, 'gold', '#d4a640')}" stroke-width="5"/>
<ellipse rx="28" ry="40" fill="none" stroke="${paint(c, 'gold', '#d4a640')}" stroke-width="2.5" opacity="0.8"/>
<ellipse cx="${side * -12}" cy="-26" rx="8" ry="16" fill="#fff" opacity="0.16"/></g>`,
  )
  .join('')}`;
}

/** Black marble veins: light wavy strokes, a few in gold. */
function marbleVeins(x: number, y: number, w: number, h: number, seed: number): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < 9; i++) {
    let d = `M${n(x + next() * w)} ${n(y)}`;
    let px = x + next() * w;
    for (let k = 1; k <= 4; k++) {
      const qx = px + (next() - 0.5) * w * 0.3;
      px += (next() - 0.5) * w * 0.4;
      d += `Q${n(qx)} ${n(y + (h * (k - 0.5)) / 4)} ${n(px)} ${n(y + (h * k) / 4)}`;
    }
    const gold = i % 3 === 0;
    out += `<path d="${d}" fill="none" stroke="${gold ? '#e0b450' : '#f0f0f2'}" stroke-width="${n(gold ? 1.6 : 0.8 + next() * 1.8)}" opacity="${gold ? 0.85 : 0.4 + next() * 0.35}"/>`;
  }
  return out;
}

/** The headphones on a black marble stand under a spotlight (luxury). */
export const headphonesOnMarble: Subject = (c) => {
  const cx = c.w / 2;
  const top = c.h * 0.66;
  const pw = c.w * 0.62;
  return `<defs>${radial(
    'dark',
    [
      [0, '#2a2620'],
      [0.6, '#0e0d0c'],
      [1, '#040404'],
    ],
    0.5,
    0.35,
    0.75,
  )}${linear('spot', [
    [0, '#fff6df', 0.3],
    [0.6, '#fff6df', 0.16],
    [1, '#fff6df', 0.12],
  ])}${linear(
    'marble',
    [
      [0, '#3a3a40'],
      [0.5, '#18181b'],
      [1, '#2c2c31'],
    ],
    0,
    0,
    1,
    0,
  )}<clipPath id="stand"><rect x="${n(cx - pw / 2)}" y="${n(top)}" width="${n(pw)}" height="${n(c.h * 0.4)}"/></clipPath></defs>
${rect(c.w, c.h, 'url(#dark)')}
<path d="M${n(cx - c.w * 0.12)} 0H${n(cx + c.w * 0.12)}L${n(cx + pw * 0.62)} ${n(top)}H${n(cx - pw * 0.62)}Z" fill="url(#spot)"/>
<rect x="${n(cx - pw / 2)}" y="${n(top)}" width="${n(pw)}" height="${n(c.h * 0.4)}" fill="${paint(c, 'marble', '#151517')}"/>
<g clip-path="url(#stand)">${marbleVeins(cx - pw / 2, top, pw, c.h * 0.4, 11)}</g>
<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(pw / 2)}" ry="${n(12 * c.u)}" fill="#2c2c30"/>
<rect x="${n(cx - pw / 2)}" y="${n(top + 2)}" width="${n(pw)}" height="${n(3 * c.u)}" fill="#d4a640" opacity="0.8"/>
<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(pw * 0.42)}" ry="${n(8 * c.u)}" fill="#fff6df" opacity="0.22"/>
<g ${at(c, 0.5, 0.655, 0.92)}>${contactShadow(110, 8, 0.7)}${headphones(c)}</g>
`;
};

/** A white sneaker from the side, toe to the right, its sole at the origin, 270 units long. */
function sneaker(c: Ctx, rim: [string, string]): string {
  return `<defs>${linear('upper', [
    [0, '#f4f4f8'],
    [1, '#b9b9c8'],
  ])}${linear(
    'rim',
    [
      [0, rim[0]],
      [1, rim[1]],
    ],
    0,
    0,
    1,
    0,
  )}</defs>
<path d="M-125 -22C-128 -52 -118 -74 -100 -78L-72 -82C-54 -104 -30 -118 -8 -116L12 -112C22 -92 40 -74 66 -62C98 -50 130 -44 134 -22Z" fill="${paint(c, 'upper', '#f2f2f6')}" ${c.ink}/>
<path d="M-131 -24H138Q144 -6 128 2H-120Q-136 0 -131 -24Z" fill="#fafafa" ${c.ink}/>
<path d="M-131 -10H140" stroke="#c9c9d6" stroke-width="3"/>
<path d="M-84 -40C-40 -44 10 -60 40 -84" fill="none" stroke="${rim[0]}" stroke-width="9" stroke-linecap="round"/>
<path d="M-4 -108L6 -96M8 -100L20 -86M20 -90L34 -76M32 -80L48 -68" stroke="#8a8aa0" stroke-width="4" stroke-linecap="round"/>
<path d="M-118 -36C-122 -58 -112 -74 -100 -78" fill="none" stroke="#e6e6ee" stroke-width="6"/>
<path d="M-125 -22C-128 -52 -118 -74 -100 -78L-72 -82C-54 -104 -30 -118 -8 -116L12 -112C22 -92 40 -74 66 -62C98 -50 130 -44 134 -22" fill="none" stroke="url(#rim)" stroke-width="3.5" opacity="0.95"/>`;
}

/** A neon tube: a wide blurred glow and a bright core. */
export function neonTube(d: string, color: string, width = 6): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width * 4}" stroke-linecap="round" opacity="0.55" filter="url(#neonglow)"/><path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#fff" stroke-width="${n(width * 0.35)}" stroke-linecap="round" opacity="0.85"/>`;
}

/** White sneakers on a dark glossy floor among magenta and cyan neon tubes (neon). */
export const sneakersInNeon: Subject = (c) => {
  const floor = c.h * 0.66;
  const s = c.u;
  const tubes = `${neonTube(`M${n(c.w * 0.2)} ${n(floor - 10 * s)}V${n(c.h * 0.12)}`, '#ff2bd6', 7 * s)}
${neonTube(`M${n(c.w * 0.36)} ${n(c.h * 0.12)}A${n(c.w * 0.26)} ${n(c.w * 0.26)} 0 0 1 ${n(c.w * 0.88)} ${n(c.h * 0.12 + c.w * 0.26)}`, '#22e4ff', 7 * s)}
${neonTube(`M${n(c.w * 0.62)} ${n(floor - 8 * s)}H${n(c.w * 0.94)}`, '#ff2bd6', 5 * s)}`;
  return `<defs>${blur('neonglow', 9 * s)}${linear('floor', [
    [0, '#1a1030'],
    [1, '#030207'],
  ])}${blur('mirror', 5 * s)}</defs>
${rect(c.w, c.h, '#07050d')}
<rect y="${n(floor)}" width="${c.w}" height="${n(c.h - floor)}" fill="url(#floor)"/>
${tubes}
<g transform="translate(0 ${n(floor * 2)}) scale(1 -1)" opacity="0.35" filter="url(#mirror)">${tubes}</g>
<g ${at(c, 0.4, 0.8, 0.82)}><ellipse cx="0" cy="4" rx="140" ry="10" fill="#000" opacity="0.8"/>${sneaker(c, ['#ff2bd6', '#22e4ff'])}</g>
<g ${at(c, 0.6, 0.91, 0.88)}><ellipse cx="0" cy="4" rx="140" ry="10" fill="#000" opacity="0.8"/>${sneaker(c, ['#22e4ff', '#ff2bd6'])}</g>
<rect y="${n(floor)}" width="${c.w}" height="1.5" fill="#ff2bd6" opacity="0.35"/>`;
};

// ── Drinks and dishes ───────────────────────────────────────────────────────────────────────

/** Brunch from straight above on a pale green table, with crisp short shadows (flat-lay). */
export const brunchFlatLay: Subject = (c) => {
  const sh = (d: string) =>
    `<g transform="translate(7 8)" fill="#2f5a3c" opacity="0.28" filter="url(#crisp)">${d}</g>${d}`;
  const plate = sh(`<circle r="96" fill="#fbfbf8"/>`);
  const toast = `<rect x="-62" y="-56" width="124" height="112" rx="26" fill="#c98a45"/><rect x="-52" y="-46" width="104" height="92" rx="20" fill="#e8b878"/>
${[-30, -5, 20].map((x) => `<ellipse cx="${x}" cy="18" rx="13" ry="26" fill="#8cbf4e" transform="rotate(-20 ${x} 18)"/><ellipse cx="${x}" cy="18" rx="7" ry="18" fill="#c9e28a" transform="rotate(-20 ${x} 18)"/>`).join('')}
<path d="M-30 -40Q10 -58 40 -30Q52 0 20 -4Q-10 2 -30 -12Q-44 -28 -30 -40Z" fill="#fff"/><circle cx="6" cy="-24" r="13" fill="#ffb21c"/><circle cx="2" cy="-28" r="4" fill="#fff3c4"/>`;
  const cup =
    sh(`<circle r="60" fill="#fff"/>`) +
    `<circle r="42" fill="#fff" stroke="#e6e6e0" stroke-width="3"/><circle r="34" fill="#b77a48"/><path d="M0 16C-26 -2 -18 -24 0 -12C18 -24 26 -2 0 16Z" fill="#f6e7d2"/><rect x="38" y="-8" width="26" height="16" rx="8" fill="#fff" stroke="#e6e6e0" stroke-width="3"/>`;
  let croissant = '';
  for (let i = 0; i < 5; i++) {
    const a = -60 + i * 30;
    const r = i === 2 ? 30 : i === 1 || i === 3 ? 25 : 18;
    croissant += `<ellipse cx="0" cy="-60" rx="${r * 0.8}" ry="${r}" fill="${i % 2 ? '#d99542' : '#e7a953'}" stroke="#a8641f" stroke-width="2" transform="rotate(${a} 0 10)"/>`;
  }
  const next = random(5);
  let berries = '';
  for (let i = 0; i < 22; i++) {
    const a = next() * Math.PI * 2;
    const r = next() * 40;
    const blue = i % 3 === 0;
    berries += `<circle cx="${n(Math.cos(a) * r)}" cy="${n(Math.sin(a) * r)}" r="${blue ? 8 : 10}" fill="${blue ? '#3b3f8f' : '#d8264a'}"/><circle cx="${n(Math.cos(a) * r - 3)}" cy="${n(Math.sin(a) * r - 3)}" r="2.5" fill="#fff" opacity="0.5"/>`;
  }
  const bowl = `${sh(`<circle r="62" fill="#f0d9c4"/>`)}<circle r="52" fill="#fff8ee"/>${berries}`;
  const wide = c.w / c.h > 0.9;
  return `<defs><filter id="crisp"><feGaussianBlur stdDeviation="2"/></filter></defs>
${rect(c.w, c.h, '#cfe6d3')}
<g ${at(c, 0.35, wide ? 0.38 : 0.33, 1)}>${plate}${toast}</g>
<g ${at(c, wide ? 0.78 : 0.74, wide ? 0.28 : 0.2, 0.95)}>${cup}</g>
<g ${at(c, wide ? 0.26 : 0.3, wide ? 0.8 : 0.76, 0.95)}>${bowl}</g>
<g ${at(c, 0.74, wide ? 0.74 : 0.62, 1)}><g transform="translate(6 8)" opacity="0.25" fill="#2f5a3c">${croissant.replaceAll(/fill="#[0-9a-f]+"/g, '').replaceAll(/stroke="#[0-9a-f]+"/g, '')}</g>${croissant}</g>
<g ${at(c, 0.58, wide ? 0.52 : 0.47, 1)}><rect x="-4" y="-70" width="8" height="120" rx="4" fill="#c2c7c9" transform="rotate(18)"/><rect x="-10" y="-80" width="20" height="30" rx="8" fill="#c2c7c9" transform="rotate(18)"/></g>
${wide ? '' : `<g ${at(c, 0.72, 0.9, 1)}><rect x="-50" y="-30" width="100" height="60" rx="4" fill="#f7f1e6" transform="rotate(-8)"/><rect x="-50" y="-4" width="100" height="5" fill="#e39b8b" transform="rotate(-8)"/></g>`}`;
};

/** Where the low sun of the golden-hour scenes stands, as fractions of the canvas. */
export const goldenSun = { x: 0.72, y: 0.4 };

/** An iced latte in a tall glass on a terrace table against a low sunset sun (golden-hour). */
export const icedLatte: Subject = (c) => {
  const horizon = c.h * 0.5;
  const table = c.h * 0.66;
  const sx = c.w * goldenSun.x;
  const sy = c.h * goldenSun.y;
  const next = random(9);
  let drops = '';
  for (let i = 0; i < 26; i++) {
    drops += `<circle cx="${n(-40 + next() * 80)}" cy="${n(-220 + next() * 200)}" r="${n(1.2 + next() * 2.4)}" fill="#fff" opacity="${(0.4 + next() * 0.5).toFixed(2)}"/>`;
  }
  return `<defs>${linear('dusk', [
    [0, '#ff7a70'],
    [0.45, '#ffa06a'],
    [1, '#ffd59a'],
  ])}${radial('sun', [
    [0, '#fffbe6'],
    [0.2, '#ffe7a8'],
    [0.5, '#ffb060', 0.5],
    [1, '#ff9060', 0],
  ])}${linear('coffee', [
    [0, '#f6e6cf'],
    [0.35, '#e2c29a'],
    [0.6, '#b07a46'],
    [1, '#6a3f1d'],
  ])}${linear(
    'tglass',
    [
      [0, '#fff', 0.5],
      [0.25, '#fff', 0.1],
      [0.75, '#fff', 0.05],
      [1, '#fff', 0.45],
    ],
    0,
    0,
    1,
    0,
  )}${linear('longshadow', [
    [0, '#5a2a10', 0.55],
    [1, '#5a2a10', 0],
  ])}</defs>
${rect(c.w, horizon, 'url(#dusk)')}
<rect y="${n(horizon)}" width="${c.w}" height="${n(table - horizon)}" fill="#d9856a"/>
<path d="M0 ${n(horizon)}q${n(c.w * 0.2)} ${n(-24 * c.u)} ${n(c.w * 0.45)} ${n(-8 * c.u)}t${n(c.w * 0.55)} ${n(-6 * c.u)}V${n(horizon)}Z" fill="#b8605a"/>
<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(150 * c.u)}" fill="url(#sun)"/>
<rect y="${n(horizon + 6 * c.u)}" width="${c.w}" height="${n(3 * c.u)}" fill="#ffe2a8" opacity="0.7"/>
<g fill="#5a2c22" opacity="0.85"><rect y="${n(table - 70 * c.u)}" width="${c.w}" height="${n(6 * c.u)}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${n((i * c.w) / 11 - 3)}" y="${n(table - 70 * c.u)}" width="${n(5 * c.u)}" height="${n(70 * c.u)}"/>`).join('')}</g>
${woodTable(c, table, ['#e29a62', '#9a5530'], 3)}
<path d="M${n(c.w * 0.38)} ${n(c.h * 0.86)}L${n(c.w * 0.52)} ${n(c.h * 0.86)}L${n(c.w * 0.2)} ${n(c.h)}H${n(-c.w * 0.1)}Z" fill="url(#longshadow)"/>
<g ${at(c, 0.45, 0.87, 1.1)}>
<path d="M-46 -250L-38 0H38L46 -250Z" fill="${paint(c, 'coffee', '#c99a68')}" ${c.ink}/>
<path d="M-45 -236L-44 -200Q0 -190 44 -200L45 -236Z" fill="#fffaf2" opacity="0.9"/>
<rect x="-30" y="-230" width="34" height="30" rx="6" fill="#fff" opacity="0.45" transform="rotate(12 -13 -215)"/>
<rect x="0" y="-196" width="32" height="30" rx="6" fill="#fff" opacity="0.35" transform="rotate(-10 16 -181)"/>
<rect x="-24" y="-160" width="30" height="28" rx="6" fill="#fff" opacity="0.25" transform="rotate(20 -9 -146)"/>
<path d="M-46 -250L-38 0H38L46 -250Z" fill="url(#tglass)"/>
<rect x="10" y="-320" width="10" height="190" rx="5" fill="#2e2e2e" transform="rotate(10 15 -225)"/>
${drops}
<path d="M-46 -250L-38 0" stroke="#fff6e0" stroke-width="4" opacity="0.9"/></g>`;
};

/** A cup of tea with lemon on a wooden table, steam rising in warm light (food). */
export const teaWithSteam: Subject = (c) => {
  const table = c.h * 0.58;
  return `<defs>${radial(
    'warmroom',
    [
      [0, '#7a4a24'],
      [1, '#1e1008'],
    ],
    0.3,
    0.2,
    0.9,
  )}${linear('tea', [
    [0, '#d37a1a'],
    [1, '#7a3206'],
  ])}${linear(
    'porcelain',
    [
      [0, '#ffffff'],
      [0.7, '#efe6da'],
      [1, '#c9bba8'],
    ],
    0,
    0,
    1,
    0,
  )}${radial('warmlight', [
    [0, '#ffcf8a', 0.5],
    [1, '#ffcf8a', 0],
  ])}</defs>
${rect(c.w, c.h, 'url(#warmroom)')}
${woodTable(c, table, ['#8c5a32', '#4a2a14'], 21)}
<circle cx="${n(c.w * 0.15)}" cy="${n(c.h * 0.25)}" r="${n(c.w * 0.7)}" fill="url(#warmlight)"/>
<g ${at(c, 0.5, 0.74, 1.05)}>
<ellipse cx="0" cy="10" rx="130" ry="34" fill="#000" opacity="0.35" filter="url(#cshadow)"/>
<ellipse cx="0" cy="0" rx="126" ry="30" fill="${paint(c, 'porcelain', '#f3ece2')}" ${c.ink}/>
<ellipse cx="0" cy="-4" rx="90" ry="18" fill="#d9cfc2"/>
<path d="M84 -92Q138 -96 132 -58Q126 -26 76 -30" fill="none" stroke="#efe6da" stroke-width="14"/>
<path d="M-86 -104Q-80 -4 0 -4Q80 -4 86 -104Z" fill="${paint(c, 'porcelain', '#f3ece2')}" ${c.ink}/>
<ellipse cx="0" cy="-104" rx="86" ry="22" fill="#fbf7f0" ${c.ink}/>
<ellipse cx="0" cy="-102" rx="76" ry="17" fill="${paint(c, 'tea', '#b35a10')}"/>
<ellipse cx="20" cy="-102" rx="26" ry="8" fill="#f6d23c" stroke="#fff3b0" stroke-width="3"/>
<path d="M-6 -102h52M20 -110v16" stroke="#fff3b0" stroke-width="2"/>
<ellipse cx="-40" cy="-106" rx="18" ry="4" fill="#fff" opacity="0.35"/>
${steam(0, -120, 200, 4)}</g>
<g ${at(c, 0.2, 0.9, 0.9)}><ellipse cx="0" cy="0" rx="40" ry="14" fill="#000" opacity="0.3" filter="url(#cshadow)"/><path d="M-38 -8A38 30 0 0 1 38 -8Z" fill="#f2c81c"/><ellipse cx="0" cy="-8" rx="38" ry="10" fill="#fff2a0"/></g>
<g ${at(c, 0.82, 0.92, 0.9)}><ellipse cx="0" cy="-4" rx="22" ry="9" fill="#4f8f3a" transform="rotate(-25)"/><ellipse cx="18" cy="-14" rx="18" ry="8" fill="#66a848" transform="rotate(20 18 -14)"/></g>`;
};

/** A bowl of ramen with egg and greens, steam over a dark table (the food preview's dish). */
export const ramenBowl: Subject = (c) => {
  const next = random(13);
  let noodles = '';
  for (let i = 0; i < 9; i++) {
    const y = -30 + i * 6;
    noodles += `<path d="M${-80 + next() * 20} ${y}q20 -10 40 0t40 0t40 0t40 0" fill="none" stroke="#f4d68a" stroke-width="5" opacity="0.9"/>`;
  }
  let onion = '';
  for (let i = 0; i < 14; i++) {
    onion += `<circle cx="${n(-60 + next() * 120)}" cy="${n(-34 + next() * 30)}" r="4.5" fill="#7fc04a" stroke="#c8ec9a" stroke-width="1.5"/>`;
  }
  return `<defs>${radial(
    'moody',
    [
      [0, '#5b3a22'],
      [1, '#140b06'],
    ],
    0.5,
    0.3,
    0.8,
  )}${linear('broth', [
    [0, '#e0a35a'],
    [1, '#a0601e'],
  ])}</defs>
${rect(c.w, c.h, 'url(#moody)')}
${woodTable(c, c.h * 0.5, ['#6e4526', '#2e1a0c'], 17)}
<g ${at(c, 0.5, 0.72, 1.1)}>
<ellipse cx="0" cy="58" rx="140" ry="30" fill="#000" opacity="0.5" filter="url(#cshadow)"/>
<path d="M-130 -20Q-120 80 0 80Q120 80 130 -20Z" fill="#2b2f36" ${c.ink}/>
<path d="M-120 10Q-60 60 0 60" fill="none" stroke="#fff" stroke-width="3" opacity="0.15"/>
<ellipse cx="0" cy="-20" rx="130" ry="42" fill="#3a3f48" ${c.ink}/>
<ellipse cx="0" cy="-20" rx="116" ry="34" fill="${paint(c, 'broth', '#c98238')}"/>
${noodles}
<path d="M30 -50l50 -4l-6 36l-48 4Z" fill="#1e2a1c" transform="rotate(-8 50 -30)"/>
<g transform="translate(-46 -26)"><ellipse rx="28" ry="20" fill="#fff8ee"/><ellipse cx="2" cy="1" rx="14" ry="11" fill="#f08a1c"/></g>
<g transform="translate(-6 -12)"><ellipse rx="26" ry="19" fill="#fff8ee"/><ellipse cx="1" cy="1" rx="13" ry="10" fill="#f29a26"/></g>
<ellipse cx="56" cy="-14" rx="30" ry="12" fill="#e39a8a"/><ellipse cx="56" cy="-14" rx="16" ry="6" fill="#f6d0c0"/>
${onion}
<rect x="60" y="-130" width="9" height="190" rx="4" fill="#d8b07a" transform="rotate(28 64 -35)"/>
<rect x="80" y="-130" width="9" height="190" rx="4" fill="#c99e66" transform="rotate(34 84 -35)"/>
${steam(-10, -50, 190, 8, 4)}</g>`;
};

/** A stack of macarons in mint, peach and lilac on an airy two-tone backdrop (pastel). */
export const macarons: Subject = (c) => {
  const macaron = (color: string, shade: string, fill: string) =>
    `<ellipse cx="0" cy="14" rx="62" ry="16" fill="${shade}"/><rect x="-62" y="-2" width="124" height="16" fill="${shade}"/><ellipse cx="0" cy="-2" rx="62" ry="16" fill="${color}"/>
<rect x="-56" y="-10" width="112" height="10" rx="5" fill="${fill}"/>
<ellipse cx="0" cy="-10" rx="60" ry="16" fill="${shade}"/><rect x="-60" y="-26" width="120" height="16" fill="${color}"/><ellipse cx="0" cy="-26" rx="60" ry="17" fill="${color}"/><ellipse cx="-18" cy="-31" rx="24" ry="5" fill="#fff" opacity="0.5"/>`;
  const next = random(31);
  let sprinkles = '';
  for (let i = 0; i < 18; i++) {
    const col = ['#f7c6a8', '#bfe8d6', '#d7c6f2'][i % 3];
    sprinkles += `<rect x="${n(next() * c.w)}" y="${n(c.h * (0.72 + next() * 0.25))}" width="${n(10 * c.u)}" height="${n(3.5 * c.u)}" rx="${n(1.7 * c.u)}" fill="${col}" transform="rotate(${Math.round(next() * 180)} ${n(next() * c.w)} ${n(c.h * 0.8)})"/>`;
  }
  return `<defs>${linear('pwall', [
    [0, '#f3e9fb'],
    [1, '#fde7dc'],
  ])}${linear('ptable', [
    [0, '#dff5ec'],
    [1, '#cdeee2'],
  ])}</defs>
${rect(c.w, c.h * 0.62, 'url(#pwall)')}<rect y="${n(c.h * 0.62)}" width="${c.w}" height="${n(c.h * 0.38)}" fill="url(#ptable)"/>
<circle cx="${n(c.w * 0.8)}" cy="${n(c.h * 0.2)}" r="${n(60 * c.u)}" fill="#fff" opacity="0.6"/>
<g ${at(c, 0.46, 0.78, 1)}><ellipse cx="0" cy="30" rx="80" ry="14" fill="#b5a6cf" opacity="0.35" filter="url(#cshadow)"/><defs>${blur('cshadow', 6)}</defs>
<g transform="translate(0 0)">${macaron('#f7c6a8', '#eeae8c', '#fff4ea')}</g>
<g transform="translate(4 -50)">${macaron('#bfe8d6', '#a2d8c2', '#fff')}</g>
<g transform="translate(-2 -100)">${macaron('#d7c6f2', '#c1aae6', '#fff4ea')}</g>
<g transform="translate(2 -150)">${macaron('#fbd9e4', '#f2bfd0', '#fff')}</g></g>
<g ${at(c, 0.82, 0.9, 0.75)}>${macaron('#bfe8d6', '#a2d8c2', '#fff')}</g>
<g ${at(c, 0.16, 0.92, 0.7)}>${macaron('#d7c6f2', '#c1aae6', '#fff4ea')}</g>
${sprinkles}`;
};

/** One small vase with a twig in a lot of calm empty space, two muted colours (minimalism). */
export const lonelyVase: Subject = (c) =>
  `${rect(c.w, c.h, '#dcd5ca')}<rect y="${n(c.h * 0.74)}" width="${c.w}" height="${n(c.h * 0.26)}" fill="#cfc6b8"/>
<g ${at(c, 0.62, 0.78, 0.62)}><ellipse cx="18" cy="0" rx="60" ry="7" fill="#a89c8a" opacity="0.5"/>
<path d="M-34 0Q-46 -60 -22 -96Q-14 -108 -16 -120H16Q14 -108 22 -96Q46 -60 34 0Z" fill="#a8826a"/>
<path d="M-24 -20Q-32 -60 -16 -90" fill="none" stroke="#c29e86" stroke-width="5" stroke-linecap="round"/>
<path d="M2 -118Q6 -200 -24 -280M-2 -170Q20 -200 40 -214M-10 -224Q-34 -236 -44 -256" fill="none" stroke="#6f6254" stroke-width="3" stroke-linecap="round"/>
<ellipse cx="40" cy="-218" rx="10" ry="5" fill="#8f8270" transform="rotate(-30 40 -218)"/><ellipse cx="-46" cy="-258" rx="10" ry="5" fill="#8f8270" transform="rotate(40 -46 -258)"/><ellipse cx="-24" cy="-284" rx="9" ry="5" fill="#8f8270" transform="rotate(-70 -24 -284)"/></g>`;

/** Glossy clay-like shapes on a podium before a pastel studio backdrop (render-3d). */
export const glossyShapes: Subject = (c) =>
  `<defs>${linear('studio', [
    [0, '#e9defc'],
    [0.65, '#fbe3ef'],
    [1, '#f6d0e2'],
  ])}${radial(
    'pink',
    [
      [0, '#ffffff'],
      [0.18, '#ffc2dc'],
      [0.7, '#ff6fa8'],
      [1, '#c83a7a'],
    ],
    0.35,
    0.3,
    0.75,
  )}${radial(
    'blue',
    [
      [0, '#ffffff'],
      [0.2, '#bfe4ff'],
      [0.75, '#5aa8ff'],
      [1, '#2f6fd0'],
    ],
    0.35,
    0.3,
    0.8,
  )}${linear(
    'pod',
    [
      [0, '#ffffff'],
      [0.6, '#ece4f7'],
      [1, '#c9bde0'],
    ],
    0,
    0,
    1,
    0,
  )}${linear(
    'ring',
    [
      [0, '#fff3b0'],
      [0.5, '#ffc93c'],
      [1, '#e08a00'],
    ],
    0,
    0,
    1,
    1,
  )}${blur('soft3d', 14)}</defs>
${rect(c.w, c.h, 'url(#studio)')}
<g ${at(c, 0.5, 0.82, 1.05)}>
<ellipse cx="0" cy="10" rx="150" ry="26" fill="#a889c9" opacity="0.35" filter="url(#soft3d)"/>
<rect x="-130" y="-60" width="260" height="60" fill="url(#pod)"/><ellipse cx="0" cy="0" rx="130" ry="24" fill="#d8cdea"/><ellipse cx="0" cy="-60" rx="130" ry="24" fill="#fbf8ff"/>
<ellipse cx="-30" cy="-62" rx="70" ry="12" fill="#b59bd6" opacity="0.5" filter="url(#soft3d)"/>
<circle cx="-40" cy="-130" r="70" fill="url(#pink)"/>
<ellipse cx="-62" cy="-166" rx="18" ry="11" fill="#fff" opacity="0.85" transform="rotate(-30 -62 -166)"/>
<rect x="44" y="-200" width="60" height="136" rx="30" fill="url(#blue)"/>
<ellipse cx="62" cy="-176" rx="9" ry="16" fill="#fff" opacity="0.8"/>
<ellipse cx="96" cy="-240" rx="42" ry="16" fill="none" stroke="url(#ring)" stroke-width="18" transform="rotate(-20 96 -240)"/>
<circle cx="-104" cy="-76" r="22" fill="url(#blue)"/></g>`;

// The subjects of the style previews and the gallery's examples (issue #49), part two: places
// (the sea, a city at night, a meadow) and the painted, poster, pixel and diorama scenes. See
// scripts/style-subjects.ts for the drawing conventions.

import {
  at,
  blur,
  type Ctx,
  linear,
  n,
  neonTube,
  paint,
  radial,
  random,
  rect,
  type Subject,
  text,
} from './style-subjects.ts';

/** Lines of breaking foam across the sea, from `top` to `bottom`. */
function foam(c: Ctx, top: number, bottom: number, seed: number, color = '#fff'): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < 14; i++) {
    const y = top + (bottom - top) * (0.22 + 0.78 * (i / 14) ** 0.8) + next() * 6 * c.u;
    const x = next() * c.w;
    const len = (30 + next() * 70) * c.u * (0.5 + (y - top) / (bottom - top));
    out += `<path d="M${n(x - len)} ${n(y)}q${n(len / 2)} ${n(-6 * c.u)} ${n(len)} 0t${n(len)} 0" fill="none" stroke="${color}" stroke-width="${n(2.5 * c.u)}" stroke-linecap="round" opacity="0.8"/>`;
  }
  return out;
}

function gulls(c: Ctx, list: [number, number, number][]): string {
  return list
    .map(
      ([fx, fy, s]) =>
        `<path d="M${n(c.w * fx - 12 * s * c.u)} ${n(c.h * fy)}q${n(6 * s * c.u)} ${n(-8 * s * c.u)} ${n(12 * s * c.u)} 0q${n(6 * s * c.u)} ${n(-8 * s * c.u)} ${n(12 * s * c.u)} 0" fill="none" stroke="#3d4a57" stroke-width="${n(2.2 * c.u)}" stroke-linecap="round"/>`,
    )
    .join('');
}

/** A lighthouse on a rocky shore with waves and gulls (watercolour). */
export const lighthouse: Subject = (c) => {
  const sea = c.h * 0.6;
  const wide = c.w > c.h;
  const lx = wide ? 0.68 : 0.6;
  return `<defs>${linear('wsky', [
    [0, '#8fc0e4'],
    [1, '#d2e6f0'],
  ])}${linear('wsea', [
    [0, '#7ab8d6'],
    [0.3, '#4f9bc2'],
    [1, '#2b6d96'],
  ])}${linear(
    'tower',
    [
      [0, '#ffffff'],
      [1, '#c9d3db'],
    ],
    0,
    0,
    1,
    0,
  )}</defs>
${rect(c.w, sea, 'url(#wsky)')}
<ellipse cx="${n(c.w * 0.25)}" cy="${n(c.h * 0.2)}" rx="${n(90 * c.u)}" ry="${n(26 * c.u)}" fill="#fff" opacity="0.8"/>
<ellipse cx="${n(c.w * 0.38)}" cy="${n(c.h * 0.27)}" rx="${n(70 * c.u)}" ry="${n(18 * c.u)}" fill="#fff" opacity="0.7"/>
<rect y="${n(sea - 1)}" width="${c.w}" height="${n(c.h - sea + 1)}" fill="url(#wsea)"/>
${foam(c, sea + 8 * c.u, c.h, 2)}
<path d="M${n(c.w * (lx - 0.34))} ${n(c.h)}L${n(c.w * (lx - 0.2))} ${n(sea + 30 * c.u)}L${n(c.w * (lx - 0.08))} ${n(sea - 20 * c.u)}L${n(c.w * (lx + 0.1))} ${n(sea - 28 * c.u)}L${n(c.w * (lx + 0.24))} ${n(sea + 10 * c.u)}L${n(c.w * (lx + 0.4))} ${n(sea + 60 * c.u)}L${n(c.w * 1.1)} ${n(c.h)}Z" fill="#7a6a5c" ${c.ink}/>
<path d="M${n(c.w * (lx - 0.2))} ${n(sea + 30 * c.u)}L${n(c.w * (lx - 0.04))} ${n(sea + 40 * c.u)}L${n(c.w * (lx + 0.24))} ${n(sea + 10 * c.u)}" fill="none" stroke="#4d4036" stroke-width="${n(3 * c.u)}"/>
<path d="M${n(c.w * (lx - 0.3))} ${n(c.h)}Q${n(c.w * (lx - 0.1))} ${n(c.h - 40 * c.u)} ${n(c.w * (lx + 0.1))} ${n(c.h - 30 * c.u)}" fill="none" stroke="#fff" stroke-width="${n(5 * c.u)}" opacity="0.8"/>
<g ${at(c, lx, 0.6 - (24 * c.u) / c.h, Math.min(1, (sea * 0.82) / (250 * c.u)))}>
<path d="M-26 0L-16 -190H16L26 0Z" fill="${paint(c, 'tower', '#f4f6f8')}" ${c.ink}/>
<path d="M-24.5 -30L-23 -58H23L24.5 -30ZM-21 -96L-19.6 -124H19.6L21 -96ZM-17.8 -160L-17 -176H17L17.8 -160Z" fill="#d8423a"/>
<rect x="-24" y="-200" width="48" height="12" fill="#3a3f46"/>
<rect x="-14" y="-228" width="28" height="28" fill="#ffe48a" ${c.ink}/>
<path d="M-20 -228L0 -250L20 -228Z" fill="#d8423a" ${c.ink}/>
<path d="M14 -214L120 -236L120 -192Z" fill="#fff3b8" opacity="0.55"/>
<rect x="-6" y="-40" width="12" height="22" fill="#3a3f46"/></g>
${gulls(c, [
  [0.18, 0.36, 1.2],
  [0.28, 0.3, 0.9],
  [0.84, 0.22, 1],
])}`;
};

/** A city street at night in the rain, neon signs, reflections and a purple haze (cyberpunk). */
export const neonStreet: Subject = (c) => {
  const vx = c.w * 0.5;
  const vy = c.h * 0.5;
  const next = random(41);
  let blocks = '';
  let signs = '';
  let wet = '';
  const colors = ['#ff2bd6', '#22e4ff', '#ffe14a', '#9b5cff'];
  for (const side of [-1, 1]) {
    for (let i = 0; i < 5; i++) {
      const t0 = i / 5;
      const t1 = (i + 1) / 5;
      const x0 = side < 0 ? c.w * 0.42 * t0 : c.w - c.w * 0.42 * t0;
      const x1 = side < 0 ? c.w * 0.42 * t1 : c.w - c.w * 0.42 * t1;
      const top0 = c.h * (0.02 + next() * 0.2) * (1 - t0) + vy * 0.5 * t0;
      const top1 = top0 * (1 - t1) + (vy * 0.7 + next() * 20) * t1;
      const bottom0 = c.h * 0.8 * (1 - t0) + vy * t0;
      const bottom1 = c.h * 0.8 * (1 - t1) + vy * t1;
      const shade = ['#0b0618', '#120a24', '#0e0820'][i % 3];
      blocks += `<path d="M${n(x0)} ${n(top0)}L${n(x1)} ${n(top1)}L${n(x1)} ${n(bottom1)}L${n(x0)} ${n(bottom0)}Z" fill="${shade}"/>`;
      for (let k = 0; k < 6; k++) {
        if (next() < 0.45) continue;
        const fx = x0 + (x1 - x0) * (0.2 + next() * 0.6);
        const fy = top0 + (bottom0 - top0) * (0.1 + k * 0.13);
        blocks += `<rect x="${n(fx)}" y="${n(fy)}" width="${n(Math.abs(x1 - x0) * 0.12)}" height="${n(5 * c.u * (1 - t0 * 0.6))}" fill="#ffcf7a" opacity="0.45"/>`;
      }
      const color = colors[(i + (side > 0 ? 2 : 0)) % colors.length] ?? '#fff';
      const sw = (1 - t0 * 0.7) * 30 * c.u;
      const sx = x1 + (side < 0 ? -sw * 1.6 : sw * 0.6);
      const sy = top0 + (bottom0 - top0) * (0.25 + next() * 0.25);
      const sh = sw * (2.5 + next() * 2);
      const base = c.h * 0.8 * (1 - (t0 + t1) / 2) + vy * ((t0 + t1) / 2);
      wet += `<rect x="${n(sx + sw * 0.1 + (side < 0 ? sw : -sw) * 0.6)}" y="${n(base + 4 * c.u)}" width="${n(sw * 0.8)}" height="${n(sh * 1.4)}" fill="${color}" opacity="0.55" filter="url(#wet)"/>`;
      signs += `<rect x="${n(sx)}" y="${n(sy)}" width="${n(sw)}" height="${n(sh)}" rx="${n(sw * 0.2)}" fill="${color}" opacity="0.25"/>${neonTube(`M${n(sx)} ${n(sy)}h${n(sw)}v${n(sh)}h${n(-sw)}Z`, color, 2.4 * c.u * (1 - t0 * 0.5))}`;
      for (let k = 1; k < 4; k++) {
        signs += `<rect x="${n(sx + sw * 0.25)}" y="${n(sy + (sh * k) / 4 - sw * 0.12)}" width="${n(sw * 0.5)}" height="${n(sw * 0.24)}" fill="${color}"/>`;
      }
    }
  }
  let rain = '';
  for (let i = 0; i < 90; i++) {
    const x = next() * c.w * 1.2;
    const y = next() * c.h;
    rain += `<path d="M${n(x)} ${n(y)}l${n(-4 * c.u)} ${n(16 * c.u)}" stroke="#c9d6ff" stroke-width="1" opacity="${(0.25 + next() * 0.35).toFixed(2)}"/>`;
  }
  const road = `M0 ${n(c.h * 0.8)}L${n(c.w * 0.42)} ${n(vy)}H${n(c.w * 0.58)}L${n(c.w)} ${n(c.h * 0.8)}V${c.h}H0Z`;
  return `<defs>${linear('nsky', [
    [0, '#07020f'],
    [0.55, '#2a0b4a'],
    [1, '#7a2296'],
  ])}${linear('road', [
    [0, '#2a1446'],
    [1, '#08040f'],
  ])}${blur('neonglow', 8 * c.u)}${blur('wet', 5 * c.u)}${radial('haze', [
    [0, '#d86cff', 0.4],
    [1, '#d86cff', 0],
  ])}</defs>
${rect(c.w, c.h, 'url(#nsky)')}
<ellipse cx="${n(vx)}" cy="${n(vy)}" rx="${n(c.w * 0.45)}" ry="${n(c.h * 0.3)}" fill="url(#haze)"/>
${blocks}
<path d="${road}" fill="url(#road)"/>
${signs}
${wet}<path d="M${n(c.w * 0.44)} ${n(vy)}H${n(c.w * 0.56)}L${n(c.w * 0.66)} ${c.h}H${n(c.w * 0.34)}Z" fill="#d86cff" opacity="0.18" filter="url(#wet)"/>
<path d="M${n(vx)} ${n(vy)}L${n(vx - 6 * c.u)} ${n(c.h)}M${n(vx)} ${n(vy)}L${n(vx + 6 * c.u)} ${n(c.h)}" stroke="#ffe14a" stroke-width="${n(2 * c.u)}" opacity="0.35" stroke-dasharray="${n(14 * c.u)} ${n(12 * c.u)}"/>
<g ${at(c, 0.47, 0.86, 0.9)}><path d="M-44 -118Q0 -160 44 -118Z" fill="#0d0717"/><path d="M-44 -118Q0 -160 44 -118" fill="none" stroke="#22e4ff" stroke-width="3"/><path d="M0 -118V-100" stroke="#0d0717" stroke-width="3"/><path d="M-14 -104H14L18 -40L10 0H2L0 -40L-2 0H-10L-18 -40Z" fill="#0d0717"/><circle cx="0" cy="-108" r="9" fill="#0d0717"/></g>
<ellipse cx="${n(vx)}" cy="${n(vy + 10)}" rx="${n(c.w * 0.4)}" ry="${n(c.h * 0.12)}" fill="url(#haze)"/>
${rain}`;
};

/** A fluffy stylised cloud: a row of circles on a flat base, a flat shadow under it. */
function cloud(c: Ctx, x: number, y: number, s: number): string {
  const r = 30 * s * c.u;
  const puffs = [
    [-2.2, 0.2, 0.8],
    [-1.1, -0.5, 1.1],
    [0.2, -0.9, 1.35],
    [1.4, -0.4, 1.05],
    [2.3, 0.2, 0.75],
  ];
  const body = puffs
    .map(
      ([dx, dy, k]) =>
        `<circle cx="${n(x + (dx ?? 0) * r)}" cy="${n(y + (dy ?? 0) * r)}" r="${n((k ?? 1) * r)}"/>`,
    )
    .join('');
  const lifted = body.replaceAll(/cy="([-\d.]+)"/g, (_, y) => `cy="${n(Number(y) - r * 0.3)}"`);
  return `<g fill="#c9dcf5" ${c.ink}>${body}</g><g fill="#fff">${lifted}</g>`;
}

/** A little fox sitting in a flowering meadow under a big sky with fluffy clouds (anime). */
export const foxInMeadow: Subject = (c) => {
  const ground = c.h * 0.62;
  const next = random(23);
  let flowers = '';
  for (let i = 0; i < 70; i++) {
    const fy = ground + (c.h - ground) * next() ** 0.7;
    const k = 0.5 + (fy - ground) / (c.h - ground);
    const col = ['#ffffff', '#ffd84a', '#ff8fb3', '#b7a2ff'][i % 4];
    flowers += `<circle cx="${n(next() * c.w)}" cy="${n(fy)}" r="${n(3.2 * k * c.u)}" fill="${col}"/>`;
  }
  let grass = '';
  for (let i = 0; i < 40; i++) {
    const x = next() * c.w;
    const y = ground + (c.h - ground) * (0.3 + next() * 0.7);
    grass += `<path d="M${n(x)} ${n(y)}l${n(-3 * c.u)} ${n(-12 * c.u)}M${n(x + 4 * c.u)} ${n(y)}l${n(3 * c.u)} ${n(-14 * c.u)}" stroke="#3f9a3a" stroke-width="${n(2 * c.u)}" stroke-linecap="round"/>`;
  }
  const ink = c.ink || 'stroke="#3b2418" stroke-width="3" stroke-linejoin="round"';
  const fox = `<path d="M40 -20Q120 -10 116 -80Q112 -130 70 -120Q96 -90 80 -60Q64 -36 30 -40Z" fill="#f08a2c" ${ink}/>
<path d="M70 -120Q96 -90 88 -72Q110 -84 104 -104Q96 -124 70 -120Z" fill="#fff8ec" ${ink}/>
<path d="M-46 0Q-60 -80 -30 -110H30Q60 -80 46 0Z" fill="#f08a2c" ${ink}/>
<path d="M-22 -2Q-30 -60 0 -92Q30 -60 22 -2Z" fill="#fff8ec" ${ink}/>
<path d="M-30 0V-30M30 0V-30" ${ink}/>
<path d="M-58 -150L-46 -212L-12 -170ZM58 -150L46 -212L12 -170Z" fill="#f08a2c" ${ink}/>
<path d="M-48 -160L-44 -196L-26 -172ZM48 -160L44 -196L26 -172Z" fill="#4a2a1c"/>
<path d="M-64 -140Q-60 -184 0 -186Q60 -184 64 -140Q62 -104 0 -92Q-62 -104 -64 -140Z" fill="#f08a2c" ${ink}/>
<path d="M-64 -140Q-40 -130 -18 -112Q0 -96 18 -112Q40 -130 64 -140Q62 -104 0 -92Q-62 -104 -64 -140Z" fill="#fff8ec" ${ink}/>
<ellipse cx="-24" cy="-140" rx="9" ry="12" fill="#2a1a12"/><ellipse cx="24" cy="-140" rx="9" ry="12" fill="#2a1a12"/>
<circle cx="-21" cy="-145" r="3.5" fill="#fff"/><circle cx="27" cy="-145" r="3.5" fill="#fff"/>
<ellipse cx="0" cy="-114" rx="7" ry="5" fill="#2a1a12"/>
<ellipse cx="-40" cy="-122" rx="9" ry="5" fill="#ff9a9a" opacity="0.7"/><ellipse cx="40" cy="-122" rx="9" ry="5" fill="#ff9a9a" opacity="0.7"/>`;
  return `<defs>${linear('asky', [
    [0, '#2f7fe6'],
    [0.7, '#7cc2ff'],
    [1, '#c4e6ff'],
  ])}${linear('hill', [
    [0, '#8fd46a'],
    [1, '#4faa44'],
  ])}</defs>
${rect(c.w, ground, paint(c, 'asky', '#5fa8f5'))}
${cloud(c, c.w * 0.22, c.h * 0.2, 1.1)}${cloud(c, c.w * 0.76, c.h * 0.3, 1.4)}${cloud(c, c.w * 0.5, c.h * 0.1, 0.7)}
<path d="M0 ${n(ground)}Q${n(c.w * 0.3)} ${n(ground - 50 * c.u)} ${n(c.w * 0.6)} ${n(ground - 12 * c.u)}T${c.w} ${n(ground - 30 * c.u)}V${n(ground + 10)}H0Z" fill="#6fbf78" ${c.ink}/>
<rect y="${n(ground)}" width="${c.w}" height="${n(c.h - ground)}" fill="${paint(c, 'hill', '#68c255')}"/>
${grass}${flowers}
<g ${at(c, 0.45, 0.9, 0.95)}><ellipse cx="10" cy="2" rx="80" ry="10" fill="#2f7a2a" opacity="0.5"/>${fox}</g>`;
};

/** Waves crashing against a dark cliff at dusk, spray and haze (cinematic). */
export const wavesAtCliff: Subject = (c) => {
  const sea = c.h * 0.56;
  const next = random(51);
  const px = c.w * 0.655;
  const py = sea + 36 * c.u;
  let spray = `<ellipse cx="${n(px - 34 * c.u)}" cy="${n(py - 70 * c.u)}" rx="${n(46 * c.u)}" ry="${n(84 * c.u)}" fill="#f4f0ea" opacity="0.75" transform="rotate(-18 ${n(px - 34 * c.u)} ${n(py - 70 * c.u)})" filter="url(#mist)"/>`;
  spray += `<ellipse cx="${n(px - 20 * c.u)}" cy="${n(py - 30 * c.u)}" rx="${n(34 * c.u)}" ry="${n(50 * c.u)}" fill="#fbf8f2" opacity="0.8" filter="url(#spray)"/>`;
  for (let i = 0; i < 70; i++) {
    const a = (-Math.PI * (92 + next() * 70)) / 180;
    const r = (20 + next() ** 0.7 * 140) * c.u;
    spray += `<circle cx="${n(px + Math.cos(a) * r * 0.8)}" cy="${n(py + Math.sin(a) * r)}" r="${n((0.8 + next() * 2.2) * c.u)}" fill="#fbf8f2" opacity="${(0.5 + next() * 0.5).toFixed(2)}"/>`;
  }
  spray += `<ellipse cx="${n(px - 30 * c.u)}" cy="${n(py + 6 * c.u)}" rx="${n(80 * c.u)}" ry="${n(14 * c.u)}" fill="#f4f0ea" opacity="0.8" filter="url(#spray)"/>`;
  let swell = '';
  for (let i = 0; i < 6; i++) {
    const y = sea + (c.h - sea) * (0.15 + i * 0.15);
    swell += `<path d="M${n(-40 * c.u)} ${n(y)}q${n(c.w * 0.12)} ${n(-14 * c.u)} ${n(c.w * 0.24)} 0t${n(c.w * 0.24)} 0t${n(c.w * 0.24)} 0t${n(c.w * 0.24)} 0t${n(c.w * 0.24)} 0" fill="none" stroke="#e9f2f0" stroke-width="${n((1.5 + i * 0.7) * c.u)}" opacity="${(0.25 + i * 0.08).toFixed(2)}"/>`;
  }
  return `<defs>${linear('csky', [
    [0, '#1d3a48'],
    [0.55, '#c8704a'],
    [1, '#ffb36a'],
  ])}${linear('csea', [
    [0, '#2a5560'],
    [1, '#0b2028'],
  ])}${radial('csun', [
    [0, '#ffe2a0'],
    [0.3, '#ffb060', 0.7],
    [1, '#ff8040', 0],
  ])}${blur('spray', 4 * c.u)}${blur('mist', 12 * c.u)}${blur('drops', 1.2 * c.u)}</defs>
${rect(c.w, sea, 'url(#csky)')}
<circle cx="${n(c.w * 0.3)}" cy="${n(sea)}" r="${n(110 * c.u)}" fill="url(#csun)"/>
<rect y="${n(sea)}" width="${c.w}" height="${n(c.h - sea)}" fill="url(#csea)"/>
<path d="M${n(c.w * 0.1)} ${n(sea + 3)}H${n(c.w * 0.5)}" stroke="#ffc27a" stroke-width="${n(4 * c.u)}" opacity="0.6"/>
${swell}
<path d="M${n(c.w * 0.6)} ${c.h}L${n(c.w * 0.64)} ${n(sea + 20 * c.u)}L${n(c.w * 0.7)} ${n(sea - 60 * c.u)}L${n(c.w * 0.76)} ${n(sea - 150 * c.u)}L${n(c.w * 0.86)} ${n(sea - 200 * c.u)}L${n(c.w * 1.02)} ${n(sea - 230 * c.u)}V${c.h}Z" fill="#120c0a"/>
<path d="M${n(c.w * 0.7)} ${n(sea - 60 * c.u)}L${n(c.w * 0.76)} ${n(sea - 150 * c.u)}L${n(c.w * 0.86)} ${n(sea - 200 * c.u)}" fill="none" stroke="#ff9a5a" stroke-width="${n(2.5 * c.u)}" opacity="0.7"/>
<path d="M${n(c.w * 0.2)} ${n(sea + 90 * c.u)}Q${n(c.w * 0.45)} ${n(sea + 70 * c.u)} ${n(c.w * 0.56)} ${n(sea + 40 * c.u)}Q${n(c.w * 0.6)} ${n(sea + 28 * c.u)} ${n(c.w * 0.65)} ${n(sea + 36 * c.u)}L${n(c.w * 0.64)} ${n(sea + 110 * c.u)}Q${n(c.w * 0.4)} ${n(sea + 110 * c.u)} ${n(c.w * 0.2)} ${n(sea + 90 * c.u)}Z" fill="#1f4a52"/>
<path d="M${n(c.w * 0.3)} ${n(sea + 80 * c.u)}Q${n(c.w * 0.46)} ${n(sea + 68 * c.u)} ${n(c.w * 0.56)} ${n(sea + 40 * c.u)}" fill="none" stroke="#f4f0ea" stroke-width="${n(4 * c.u)}" stroke-linecap="round" opacity="0.85"/>
${spray}`;
};

/** A passer-by with an umbrella on a rainy street, lamps reflected in puddles (black-white). */
export const rainyStreet: Subject = (c) => {
  const ground = c.h * 0.64;
  const next = random(61);
  let lamps = '';
  for (let i = 0; i < 4; i++) {
    const x = c.w * (0.12 + i * 0.26);
    const s = 1 - i * 0.12;
    const top = ground - 190 * c.u * s;
    lamps += `<rect x="${n(x - 2 * c.u)}" y="${n(top)}" width="${n(4 * c.u)}" height="${n(ground - top)}" fill="#1a1a1a"/><circle cx="${n(x)}" cy="${n(top)}" r="${n(30 * c.u * s)}" fill="url(#lampglow)"/><circle cx="${n(x)}" cy="${n(top)}" r="${n(6 * c.u * s)}" fill="#fffbe8"/>
<ellipse cx="${n(x)}" cy="${n(ground + (ground - top) * 0.5)}" rx="${n(8 * c.u)}" ry="${n(40 * c.u * s)}" fill="#fffbe8" opacity="0.35" filter="url(#wetb)"/>`;
  }
  let rain = '';
  for (let i = 0; i < 110; i++) {
    rain += `<path d="M${n(next() * c.w * 1.1)} ${n(next() * c.h)}l${n(-3 * c.u)} ${n(18 * c.u)}" stroke="#e8e8e8" stroke-width="1" opacity="${(0.3 + next() * 0.4).toFixed(2)}"/>`;
  }
  return `<defs>${linear('bsky', [
    [0, '#2a2e33'],
    [1, '#7c8288'],
  ])}${linear('bstreet', [
    [0, '#5a5f64'],
    [1, '#15171a'],
  ])}${radial('lampglow', [
    [0, '#fff6d8', 0.9],
    [1, '#fff6d8', 0],
  ])}${blur('wetb', 3 * c.u)}</defs>
${rect(c.w, ground, 'url(#bsky)')}
<path d="M0 ${n(ground)}V${n(c.h * 0.18)}H${n(c.w * 0.14)}V${n(c.h * 0.1)}H${n(c.w * 0.3)}V${n(c.h * 0.26)}H${n(c.w * 0.44)}V${n(c.h * 0.34)}H${n(c.w * 0.62)}V${n(c.h * 0.22)}H${n(c.w * 0.8)}V${n(c.h * 0.3)}H${c.w}V${n(ground)}Z" fill="#3b3f44"/>
<rect y="${n(ground)}" width="${c.w}" height="${n(c.h - ground)}" fill="url(#bstreet)"/>
<rect y="${n(ground)}" width="${c.w}" height="${n(4 * c.u)}" fill="#8e9398"/>
${lamps}
<ellipse cx="${n(c.w * 0.36)}" cy="${n(c.h * 0.86)}" rx="${n(c.w * 0.2)}" ry="${n(12 * c.u)}" fill="#cfd3d6" opacity="0.3"/>
<g ${at(c, 0.56, 0.86, 1)}>
<g transform="translate(0 ${n(8)}) scale(1 -0.5)" opacity="0.3" filter="url(#wetb)"><path d="M-70 -150Q0 -230 70 -150Z M-18 -150H18L24 -60L14 0H4L0 -60L-4 0H-14L-24 -60Z" fill="#000"/></g>
<path d="M-70 -150Q0 -230 70 -150Q52 -160 35 -150Q18 -160 0 -150Q-18 -160 -35 -150Q-52 -160 -70 -150Z" fill="#0e0e0e"/>
<path d="M0 -150V-190" stroke="#0e0e0e" stroke-width="3"/>
<circle cx="0" cy="-138" r="13" fill="#0e0e0e"/>
<path d="M-20 -126H20L26 -60L16 0H6L2 -60L-2 0H-12L-26 -60Z" fill="#0e0e0e"/>
<path d="M-12 0L-22 10M16 0L30 4" stroke="#0e0e0e" stroke-width="6" stroke-linecap="round"/></g>
${rain}`;
};

/** A summer beach: a striped parasol, a towel and a woman in a sun hat by the sea (film-photo). */
export const beachDay: Subject = (c) => {
  const sea = c.h * 0.48;
  const sand = c.h * 0.62;
  const stripes = ['#e8553f', '#fbf3e4'];
  let canopy = '';
  for (let i = 0; i < 6; i++) {
    const a0 = Math.PI + (i * Math.PI) / 6;
    const a1 = Math.PI + ((i + 1) * Math.PI) / 6;
    canopy += `<path d="M0 -196L${n(Math.cos(a0) * 116)} ${n(-112 - Math.sin(a0) * 14)}Q${n(Math.cos((a0 + a1) / 2) * 100)} ${n(-120 - Math.sin((a0 + a1) / 2) * 14)} ${n(Math.cos(a1) * 116)} ${n(-112 - Math.sin(a1) * 14)}Z" fill="${stripes[i % 2]}"/>`;
  }
  return `<defs>${linear('bsky2', [
    [0, '#7fb8d8'],
    [1, '#d6ecf2'],
  ])}${linear('bsea2', [
    [0, '#3aa0b0'],
    [1, '#7fd0c8'],
  ])}${linear('bsand', [
    [0, '#f0d6a8'],
    [1, '#d9b47c'],
  ])}</defs>
${rect(c.w, sea, 'url(#bsky2)')}
<rect y="${n(sea)}" width="${c.w}" height="${n(sand - sea)}" fill="url(#bsea2)"/>
<path d="M0 ${n(sand)}Q${n(c.w * 0.3)} ${n(sand - 10 * c.u)} ${n(c.w * 0.6)} ${n(sand - 2 * c.u)}T${c.w} ${n(sand - 6 * c.u)}V${n(sand + 10 * c.u)}H0Z" fill="#ffffff" opacity="0.7"/>
<rect y="${n(sand)}" width="${c.w}" height="${n(c.h - sand)}" fill="url(#bsand)"/>
<g ${at(c, 0.26, 0.8, 1)}><rect x="-3" y="-180" width="6" height="190" fill="#6b4a2a"/>${canopy}<ellipse cx="30" cy="10" rx="90" ry="12" fill="#8a6a40" opacity="0.35"/></g>
<g ${at(c, 0.3, 0.92, 1)}><path d="M-70 -8L60 -20L80 14L-50 26Z" fill="#3a7fc1"/><path d="M-60 -2L66 -14M-54 10L72 -2" stroke="#fff" stroke-width="5"/></g>
<g ${at(c, 0.68, 0.86, 1.05)}>
<ellipse cx="-30" cy="4" rx="50" ry="7" fill="#8a6a40" opacity="0.35"/>
<path d="M-8 -60L-12 0M8 -60L14 0" stroke="#c98e6a" stroke-width="9" stroke-linecap="round"/>
<path d="M-22 -150Q-34 -100 -40 -56H40Q34 -100 22 -150Z" fill="#f4efe4"/>
<path d="M-22 -150L-28 -106M22 -150L30 -108" stroke="#c98e6a" stroke-width="9" stroke-linecap="round"/>
<circle cx="0" cy="-168" r="17" fill="#5a3a24"/>
<ellipse cx="0" cy="-176" rx="42" ry="9" fill="#e9cf92"/><path d="M-18 -178Q0 -206 18 -178Z" fill="#e9cf92"/><rect x="-18" y="-182" width="36" height="5" fill="#2f2a26"/></g>`;
};

/** A mid-century travel poster: sun, mountains, sea and a sail in flat colours (vintage-poster). */
export const travelPoster: Subject = (c) => {
  const sea = c.h * 0.62;
  let rays = '';
  for (let i = 0; i < 12; i++) {
    const a = Math.PI + (i * Math.PI) / 11;
    rays += `<path d="M${n(c.w * 0.5)} ${n(sea)}L${n(c.w * 0.5 + Math.cos(a - 0.05) * c.h)} ${n(sea + Math.sin(a - 0.05) * c.h)}L${n(c.w * 0.5 + Math.cos(a + 0.05) * c.h)} ${n(sea + Math.sin(a + 0.05) * c.h)}Z" fill="#f2c46a"/>`;
  }
  const m = c.u;
  return `${rect(c.w, c.h, '#f08a4b')}${rays}
<circle cx="${n(c.w * 0.5)}" cy="${n(sea - 30 * m)}" r="${n(70 * m)}" fill="#fbe3b0"/>
<path d="M0 ${n(sea)}L${n(c.w * 0.22)} ${n(sea - 130 * m)}L${n(c.w * 0.36)} ${n(sea - 70 * m)}L${n(c.w * 0.5)} ${n(sea - 40 * m)}V${n(sea)}Z" fill="#3c6e71"/>
<path d="M${n(c.w * 0.22)} ${n(sea - 130 * m)}L${n(c.w * 0.28)} ${n(sea - 100 * m)}L${n(c.w * 0.24)} ${n(sea - 96 * m)}L${n(c.w * 0.19)} ${n(sea - 110 * m)}Z" fill="#f6ead2"/>
<path d="M${c.w} ${n(sea)}L${n(c.w * 0.8)} ${n(sea - 170 * m)}L${n(c.w * 0.64)} ${n(sea - 60 * m)}L${n(c.w * 0.56)} ${n(sea - 30 * m)}V${n(sea)}Z" fill="#284b57"/>
<path d="M${n(c.w * 0.8)} ${n(sea - 170 * m)}L${n(c.w * 0.86)} ${n(sea - 130 * m)}L${n(c.w * 0.8)} ${n(sea - 136 * m)}L${n(c.w * 0.75)} ${n(sea - 128 * m)}Z" fill="#f6ead2"/>
<rect y="${n(sea)}" width="${c.w}" height="${n(c.h - sea)}" fill="#1f4f6e"/>
${[0.08, 0.16, 0.26].map((f, i) => `<rect x="${n(c.w * (0.3 - i * 0.06))}" y="${n(sea + c.h * f * 0.5)}" width="${n(c.w * (0.4 + i * 0.12))}" height="${n(4 * m)}" fill="#fbe3b0" opacity="${0.9 - i * 0.2}"/>`).join('')}
<g ${at(c, 0.7, 0.76, 0.9)}><path d="M-50 0H50L38 16H-38Z" fill="#c8462f"/><path d="M0 -4V-140L50 -10Z" fill="#f6ead2"/><path d="M-4 -4V-120L-44 -10Z" fill="#f2c46a"/></g>
<rect x="0" y="${n(c.h * 0.86)}" width="${c.w}" height="${n(c.h * 0.14)}" fill="#233246"/>
${text(c.w * 0.08, c.h * 0.955, 'RIVIERA', 44 * m, '#fbe3b0')}
${text(c.w * 0.08, c.h * 0.1, 'SUMMER · 1958', 20 * m, '#233246')}`;
};

/** A still life: a vase of sunflowers, fruit and a drape on a table (oil-painting). */
export const stillLife: Subject = (c) => {
  const table = c.h * 0.7;
  const flower = (x: number, y: number, r: number) => {
    let petals = '';
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      petals += `<ellipse cx="${n(x + Math.cos(a) * r)}" cy="${n(y + Math.sin(a) * r)}" rx="${n(r * 0.62)}" ry="${n(r * 0.28)}" fill="${i % 2 ? '#f2b31c' : '#e8981a'}" transform="rotate(${Math.round((a * 180) / Math.PI)} ${n(x + Math.cos(a) * r)} ${n(y + Math.sin(a) * r)})"/>`;
    }
    return `${petals}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.55)}" fill="#5a3212"/><circle cx="${n(x - r * 0.15)}" cy="${n(y - r * 0.15)}" r="${n(r * 0.2)}" fill="#7a4a1e"/>`;
  };
  return `<defs>${radial(
    'canvasbg',
    [
      [0, '#6a5a34'],
      [0.6, '#3a2e1a'],
      [1, '#1c150c'],
    ],
    0.4,
    0.35,
    0.8,
  )}${linear(
    'vase',
    [
      [0, '#1f3f6a'],
      [0.4, '#4f7fb0'],
      [1, '#16304f'],
    ],
    0,
    0,
    1,
    0,
  )}</defs>
${rect(c.w, c.h, 'url(#canvasbg)')}
<rect y="${n(table)}" width="${c.w}" height="${n(c.h - table)}" fill="#6b3a1c"/>
<path d="M${n(c.w * 0.55)} ${n(table)}Q${n(c.w * 0.75)} ${n(table - 10 * c.u)} ${n(c.w * 1.02)} ${n(table + 6 * c.u)}V${c.h}H${n(c.w * 0.42)}Q${n(c.w * 0.5)} ${n(table + 60 * c.u)} ${n(c.w * 0.55)} ${n(table)}Z" fill="#e9e2d0"/>
<path d="M${n(c.w * 0.6)} ${n(table + 20 * c.u)}Q${n(c.w * 0.7)} ${n(table + 70 * c.u)} ${n(c.w * 0.64)} ${n(c.h)}" fill="none" stroke="#b8ae98" stroke-width="${n(6 * c.u)}"/>
<g ${at(c, 0.42, 0.74, 1)}>
<path d="M-10 -120Q-60 -200 -80 -250M0 -120Q0 -220 6 -290M10 -120Q50 -190 86 -232M-4 -120Q-30 -170 -40 -180" stroke="#3f5a22" stroke-width="6" fill="none"/>
<path d="M-46 -190q-30 -10 -36 10q20 6 36 -10ZM40 -180q30 -14 40 4q-22 10 -40 -4Z" fill="#4f6f2a"/>
${flower(-80, -250, 30)}${flower(6, -290, 34)}${flower(86, -232, 30)}${flower(-40, -180, 24)}
<path d="M-40 0Q-64 -60 -30 -100Q-22 -110 -24 -124H24Q22 -110 30 -100Q64 -60 40 0Z" fill="url(#vase)"/>
<path d="M-28 -20Q-44 -60 -20 -94" stroke="#9fc0e0" stroke-width="6" fill="none" opacity="0.6"/></g>
<g ${at(c, 0.74, 0.8, 1)}><circle cx="0" cy="-30" r="30" fill="#b8281e"/><circle cx="-10" cy="-40" r="8" fill="#e8705a" opacity="0.7"/><path d="M0 -58q4 -12 10 -16" stroke="#4a2a12" stroke-width="4" fill="none"/></g>
<g ${at(c, 0.84, 0.86, 1)}><ellipse cx="0" cy="-22" rx="30" ry="22" fill="#e8c21e"/><ellipse cx="-8" cy="-30" rx="10" ry="6" fill="#fff0a0" opacity="0.6"/></g>
<g ${at(c, 0.18, 0.84, 1)}><circle cx="0" cy="-26" r="26" fill="#7a9a2a"/><circle cx="-8" cy="-34" r="7" fill="#c8d870" opacity="0.7"/></g>`;
};

/**
 * A retro game level on a coarse grid (pixel-art): `c.w` × `c.h` are grid cells, not pixels, and
 * the scene is drawn a cell per unit and scaled up with nearest-neighbour by style-scenes.ts.
 */
export const pixelLevel: Subject = (c) => {
  const W = Math.round(c.w);
  const H = Math.round(c.h);
  const px = (x: number, y: number, w: number, h: number, color: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>`;
  const ground = Math.round(H * 0.78);
  let out = px(0, 0, W, H, '#29adff');
  out += px(0, Math.round(H * 0.45), W, Math.round(H * 0.12), '#83d4ff');
  // Sun and clouds.
  out +=
    px(W - 18, 6, 10, 10, '#ffec27') +
    px(W - 19, 8, 12, 6, '#ffec27') +
    px(W - 17, 7, 8, 1, '#fff1e8');
  for (const [cx, cy] of [
    [8, 12],
    [Math.round(W * 0.5), 20],
  ] as const) {
    out +=
      px(cx, cy, 16, 4, '#fff1e8') +
      px(cx + 3, cy - 3, 9, 3, '#fff1e8') +
      px(cx, cy + 4, 16, 1, '#c2c3c7');
  }
  // Hills.
  for (let x = 0; x < W; x++) {
    const hill = Math.round(8 + 6 * Math.sin(x / 7) + 4 * Math.sin(x / 3.3));
    out += px(x, ground - hill, 1, hill, x % 9 < 5 ? '#00e436' : '#008751');
  }
  // Ground: grass, then bricks.
  out += px(0, ground, W, 2, '#00e436') + px(0, ground + 2, W, H - ground - 2, '#ab5236');
  for (let y = ground + 3; y < H; y += 4) {
    for (let x = ((y - ground) / 4) % 2 ? 0 : 3; x < W; x += 6) out += px(x, y, 5, 3, '#ffa300');
  }
  // A floating brick row, a question block and coins.
  const by = Math.round(H * 0.5);
  out += px(Math.round(W * 0.25), by, 24, 6, '#ab5236');
  for (let x = Math.round(W * 0.25); x < Math.round(W * 0.25) + 24; x += 6)
    out += px(x + 1, by + 1, 4, 4, '#ffa300');
  // A stone end to the ledge (no game's own blocks: the scene is ours).
  out +=
    px(Math.round(W * 0.25) + 24, by, 6, 6, '#83769c') +
    px(Math.round(W * 0.25) + 25, by + 1, 2, 2, '#c2c3c7');
  for (let i = 0; i < 3; i++) {
    const x = Math.round(W * 0.3) + i * 8;
    out += px(x, by - 8, 3, 4, '#ffec27') + px(x + 1, by - 7, 1, 2, '#fff1e8');
  }
  // A tree.
  const tx = Math.round(W * 0.8);
  out +=
    px(tx, ground - 10, 3, 10, '#5f574f') +
    px(tx - 5, ground - 20, 13, 10, '#008751') +
    px(tx - 3, ground - 23, 9, 3, '#008751') +
    px(tx - 3, ground - 19, 4, 3, '#00e436');
  // The hero, a wanderer of our own: a navy hood, a purple cloak, a staff.
  const hx = Math.round(W * 0.3);
  const hy = ground - 16;
  out += px(hx + 1, hy, 6, 3, '#1d2b53') + px(hx, hy + 2, 8, 2, '#1d2b53');
  out +=
    px(hx + 2, hy + 3, 4, 3, '#ffccaa') +
    px(hx + 3, hy + 4, 1, 1, '#000000') +
    px(hx + 5, hy + 4, 1, 1, '#000000');
  out +=
    px(hx, hy + 6, 8, 7, '#7e2553') +
    px(hx + 1, hy + 7, 6, 1, '#ffa300') +
    px(hx + 3, hy + 8, 2, 5, '#ff77a8');
  out += px(hx + 9, hy + 2, 1, 14, '#ab5236') + px(hx + 8, hy + 1, 3, 2, '#ffec27');
  out += px(hx + 1, hy + 13, 2, 3, '#5f574f') + px(hx + 5, hy + 13, 2, 3, '#5f574f');
  // A signpost.
  const gx = Math.round(W * 0.58);
  out +=
    px(gx + 5, ground - 12, 2, 12, '#ab5236') +
    px(gx, ground - 12, 12, 4, '#ffa300') +
    px(gx + 1, ground - 11, 10, 1, '#ab5236');
  return `<g shape-rendering="crispEdges">${out}</g>`;
};

/** The isometric projection: x to the lower right, y to the lower left, z up, `k` per unit. */
function iso(ox: number, oy: number, k: number) {
  const cos = Math.cos(Math.PI / 6) * k;
  const sin = Math.sin(Math.PI / 6) * k;
  const pt = (x: number, y: number, z: number) =>
    `${n(ox + (x - y) * cos)} ${n(oy + (x + y) * sin - z * k)}`;
  const quad = (a: number[], b: number[], cc: number[], d: number[], fill: string) =>
    `<path d="M${pt(a[0] ?? 0, a[1] ?? 0, a[2] ?? 0)}L${pt(b[0] ?? 0, b[1] ?? 0, b[2] ?? 0)}L${pt(cc[0] ?? 0, cc[1] ?? 0, cc[2] ?? 0)}L${pt(d[0] ?? 0, d[1] ?? 0, d[2] ?? 0)}Z" fill="${fill}"/>`;
  /** A box's three visible faces: top, the +y face (lower left), the +x face (lower right). */
  const box = (
    x: number,
    y: number,
    z: number,
    dx: number,
    dy: number,
    dz: number,
    [top, left, right]: [string, string, string],
  ) => {
    const [x1, y1, z1] = [x + dx, y + dy, z + dz];
    return (
      quad([x, y1, z], [x1, y1, z], [x1, y1, z1], [x, y1, z1], left) +
      quad([x1, y, z], [x1, y1, z], [x1, y1, z1], [x1, y, z1], right) +
      quad([x, y, z1], [x1, y, z1], [x1, y1, z1], [x, y1, z1], top)
    );
  };
  return { pt, quad, box };
}

/** A small cube room seen isometrically: bed, desk, plant, rug, window (isometric). */
export const isoRoom: Subject = (c) => {
  const k = Math.min(c.w / 11.6, c.h / 12.5);
  const { quad, box } = iso(c.w / 2, c.h * 0.5 - 0.6 * k, k);
  const S = 6;
  return `<defs>${linear('isobg', [
    [0, '#e9e4ff'],
    [1, '#cfe9f5'],
  ])}</defs>${rect(c.w, c.h, 'url(#isobg)')}
<ellipse cx="${n(c.w / 2)}" cy="${n(c.h * 0.5 + 5.4 * k)}" rx="${n(4.6 * k)}" ry="${n(1.4 * k)}" fill="#8f86c0" opacity="0.25"/>
${box(0, 0, -0.5, S, S, 0.5, ['#f2d7b0', '#b98a5e', '#d19f6f'])}
${box(-0.3, 0, -0.5, 0.3, S, 5.5, ['#fff', '#e2dcf4', '#e9e4fb'])}
${box(-0.3, -0.3, -0.5, S + 0.3, 0.3, 5, ['#fff', '#f4f1ff', '#d6cff0'])}
${quad([1.2, 0, 2.2], [3.6, 0, 2.2], [3.6, 0, 4.2], [1.2, 0, 4.2], '#8fd3ff')}
${quad([2.35, 0, 2.2], [2.45, 0, 2.2], [2.45, 0, 4.2], [2.35, 0, 4.2], '#ffffff')}
${quad([1.2, 0, 3.15], [3.6, 0, 3.15], [3.6, 0, 3.25], [1.2, 0, 3.25], '#ffffff')}
${quad([0, 3.6, 2.4], [0, 5.2, 2.4], [0, 5.2, 3.6], [0, 3.6, 3.6], '#ff8fa3')}
${quad([0, 3.8, 2.6], [0, 5.0, 2.6], [0, 5.0, 3.4], [0, 3.8, 3.4], '#ffd37a')}
${quad([1.8, 2.2, 0.01], [4.8, 2.2, 0.01], [4.8, 5.2, 0.01], [1.8, 5.2, 0.01], '#7fb6a0')}
${quad([2.2, 2.6, 0.02], [4.4, 2.6, 0.02], [4.4, 4.8, 0.02], [2.2, 4.8, 0.02], '#a9d8c4')}
${box(0, 0.4, 0, 2.6, 1.8, 0.8, ['#ffffff', '#cfc7ea', '#e4def7'])}
${box(0, 0.4, 0.8, 2.6, 1.8, 0.25, ['#6d8df7', '#4a64c9', '#5b78e0'])}
${box(0.1, 0.6, 1.05, 0.7, 1.4, 0.3, ['#ffffff', '#e1dcf2', '#efebfb'])}
${box(4.2, 0, 0, 1.6, 1, 1.5, ['#e6a46a', '#b4733f', '#c98752'])}
${box(4.5, 0.2, 1.5, 0.9, 0.1, 0.6, ['#2f2f3a', '#22222c', '#3a3a48'])}
${box(4.55, 0.3, 1.5, 0.8, 0.5, 0.04, ['#4a4a5a', '#33333f', '#3d3d4b'])}
${box(0.3, 4.6, 0, 0.9, 0.9, 0.8, ['#d9703a', '#a94f24', '#c25e2c'])}
${box(0.45, 4.75, 0.8, 0.6, 0.6, 0.9, ['#6ccf6a', '#3f9a46', '#52b356'])}
${box(0.6, 4.9, 1.7, 0.3, 0.3, 0.5, ['#8be08a', '#4fae50', '#63c463'])}`;
};

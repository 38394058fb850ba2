// Makes the landing pages' pictures: illustrative scenes drawn as layered SVG and rasterised by
// sharp into small AVIF and WebP files (and the JPEG social card). Nothing is downloaded: every
// picture is drawn here, so the output is ours to publish. Run `npm run images -w @kadr/web`
// after changing a scene, and commit apps/web/public/{samples,heroImages,styles,examples}.
// The style presets' previews and the gallery's examples (issue #49) are drawn by
// scripts/style-scenes.ts; to draw only some parts name them: `npm run images -w @kadr/web --
// styles examples` (the parts: landing, styles, examples; none named draws them all).
//
// sharp is a dependency of @kadr/server (uploads, previews); it is resolved from there rather
// than declared twice.

import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { examples, listModels } from '@kadr/catalog';
import type SharpModule from 'sharp';
import {
  type HeroImages,
  heroImages,
  type ImageAsset,
  samples,
  type UseCaseImageId,
} from '../app/features/landing/images.ts';
import { stylePreview, stylePreviewIds } from '../app/features/studio/style-previews.ts';
import { socialCard } from '../app/lib/social-card.ts';
import { exampleSubjects, isPixelStyle, previewSubjects, renderStyled } from './style-scenes.ts';
import { blur, linear, radial, random, type Subject } from './style-subjects.ts';

const webDir = path.resolve(import.meta.dirname, '..');
const requireFromServer = createRequire(path.join(webDir, '../server/package.json'));
const sharp = requireFromServer('sharp') as typeof SharpModule;

/** Every scene is drawn on this canvas; other sizes scale it and crop the middle. */
const W = 400;
const H = 500;

// ── SVG helpers (gradients, blur, a seeded random: shared with the style scenes) ──────────────

function sparkle(x: number, y: number, size: number, opacity = 0.9): string {
  const s = size;
  return `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="#fff" opacity="${opacity}"/>`;
}

function bokeh(p: string, seed: number, colors: string[], count: number, maxR: number): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = 8 + next() * maxR;
    const color = colors[i % colors.length] ?? '#fff';
    out += `<circle cx="${(next() * W).toFixed(1)}" cy="${(next() * H * 0.75).toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" opacity="${(0.15 + next() * 0.35).toFixed(2)}" filter="url(#${p}soft)"/>`;
  }
  return out;
}

function text(x: number, y: number, value: string, size: number, fill: string, weight = 700) {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${value}</text>`;
}

/** The part of the canvas a picture shows (other aspect ratios crop the middle). */
type View = { x: number; y: number; w: number; h: number };
const fullView: View = { x: 0, y: 0, w: W, h: H };

/** Draws a scene; `p` prefixes its ids (scenes nest in the social card), `view` is what shows. */
type Scene = (p: string, view: View) => string;

// ── Social post: a summer drink on a sunny table ────────────────────────────────────────────

type Drink = {
  bg: [string, string];
  sun: string;
  liquid: [string, string];
  table: [string, string];
  garnish: 'lemon' | 'berries' | 'cream' | 'mint';
};

const drinks: Drink[] = [
  {
    bg: ['#ffc18f', '#ff5f8f'],
    sun: '#ffe9a8',
    liquid: ['#ffe873', '#ff9d1c'],
    table: ['#ffe2cf', '#ffb7a0'],
    garnish: 'lemon',
  },
  {
    bg: ['#8ef0dc', '#2c7fd6'],
    sun: '#fff6c4',
    liquid: ['#ff9ccd', '#c2186b'],
    table: ['#e2fbf6', '#a8e3dc'],
    garnish: 'berries',
  },
  {
    bg: ['#f8e6cc', '#c9905e'],
    sun: '#fff4de',
    liquid: ['#c98b5b', '#5c321d'],
    table: ['#fff3e4', '#e9c9a6'],
    garnish: 'cream',
  },
  {
    bg: ['#e2f7a8', '#4faf68'],
    sun: '#fffbe3',
    liquid: ['#c6ec7c', '#4c9a2a'],
    table: ['#f3fde6', '#c4e6a6'],
    garnish: 'mint',
  },
];

function palmShadow(p: string, x: number, y: number, rotate: number, scale: number): string {
  let leaves = '';
  for (let i = 0; i < 11; i++) {
    const angle = -75 + i * 15;
    const along = 20 + i * 9;
    leaves += `<ellipse cx="${along + 62}" cy="0" rx="62" ry="11" transform="rotate(${angle} ${along} 0)"/>`;
  }
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})" fill="#2b0f1a" opacity="0.16" filter="url(#${p}leafblur)"><rect x="0" y="-3" width="150" height="6" rx="3"/>${leaves}</g>`;
}

function drinkScene(d: Drink): Scene {
  return (p) => {
    const garnish = {
      lemon: `<g transform="rotate(-18 270 178)"><circle cx="270" cy="178" r="40" fill="#fff6b8" stroke="#ffd21f" stroke-width="7"/>${Array.from(
        { length: 8 },
        (_, i) =>
          `<line x1="270" y1="178" x2="${270 + 33 * Math.cos((i * Math.PI) / 4)}" y2="${178 + 33 * Math.sin((i * Math.PI) / 4)}" stroke="#ffe45c" stroke-width="3"/>`,
      ).join('')}<circle cx="270" cy="178" r="5" fill="#ffe45c"/></g>`,
      berries: `<circle cx="180" cy="206" r="15" fill="url(#${p}berry)"/><circle cx="204" cy="200" r="13" fill="url(#${p}berry)"/><circle cx="226" cy="209" r="14" fill="url(#${p}berry)"/><path d="M205 190q18-26 40-18q-16 20-40 18z" fill="#3fae6a"/>`,
      cream: `<path d="M126 196q74-34 148 0v26q-74 20-148 0z" fill="url(#${p}cream)"/><path d="M150 196q20-20 50-8q30-14 50 8" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`,
      mint: `<path d="M190 198q-30-40 10-60q22 32-10 60z" fill="#2f9e4f"/><path d="M206 200q20-44 56-30q-16 38-56 30z" fill="#44b865"/><line x1="200" y1="198" x2="202" y2="150" stroke="#1d7a38" stroke-width="2"/>`,
    }[d.garnish];
    return `<defs>
${linear(
  `${p}bg`,
  [
    [0, d.bg[0]],
    [1, d.bg[1]],
  ],
  0,
  0,
  1,
  1,
)}
${linear(`${p}table`, [
  [0, d.table[0]],
  [1, d.table[1]],
])}
${linear(`${p}liquid`, [
  [0, d.liquid[0], 0.95],
  [1, d.liquid[1], 0.97],
])}
${linear(
  `${p}glass`,
  [
    [0, '#ffffff', 0.5],
    [0.25, '#ffffff', 0.08],
    [0.8, '#ffffff', 0.05],
    [1, '#ffffff', 0.35],
  ],
  0,
  0,
  1,
  0,
)}
${radial(
  `${p}berry`,
  [
    [0, '#ff6b8a'],
    [0.7, '#a3123e'],
    [1, '#5a0822'],
  ],
  0.35,
  0.35,
  0.7,
)}
${linear(`${p}cream`, [
  [0, '#fffaf2'],
  [1, '#e8c39e'],
])}
${radial(`${p}sun`, [
  [0, d.sun],
  [0.55, d.sun, 0.9],
  [1, d.sun, 0],
])}
${blur(`${p}soft`, 14)}${blur(`${p}leafblur`, 5)}${blur(`${p}shadow`, 9)}${blur(`${p}hl`, 1.5)}
<clipPath id="${p}glassclip"><path d="M126 170h148l-14 252q-2 18-20 18h-80q-18 0-20-18z"/></clipPath>
</defs>
<rect width="${W}" height="${H}" fill="url(#${p}bg)"/>
<circle cx="318" cy="112" r="120" fill="url(#${p}sun)" opacity="0.9"/>
${palmShadow(p, -30, 40, 18, 1.2)}${palmShadow(p, 430, 250, 200, 1)}
<path d="M0 352q200-26 400 0v148h-400z" fill="url(#${p}table)"/>
${palmShadow(p, 260, 470, -35, 0.8)}
<ellipse cx="214" cy="446" rx="104" ry="16" fill="#3a1020" opacity="0.22" filter="url(#${p}shadow)"/>
<ellipse cx="250" cy="450" rx="70" ry="12" fill="${d.liquid[1]}" opacity="0.35" filter="url(#${p}shadow)"/>
<path d="M236 70l-24 330" stroke="#fff" stroke-width="12" stroke-linecap="round"/>
<path d="M236 70l-24 330" stroke="${d.liquid[1]}" stroke-width="12" stroke-dasharray="16 16" opacity="0.8"/>
<g clip-path="url(#${p}glassclip)">
  <rect x="110" y="214" width="180" height="240" fill="url(#${p}liquid)"/>
  <ellipse cx="200" cy="214" rx="74" ry="8" fill="#fff" opacity="0.35"/>
  <rect x="142" y="236" width="46" height="46" rx="9" transform="rotate(-14 165 259)" fill="#fff" opacity="0.32" stroke="#fff" stroke-opacity="0.6"/>
  <rect x="198" y="258" width="52" height="50" rx="10" transform="rotate(11 224 283)" fill="#fff" opacity="0.28" stroke="#fff" stroke-opacity="0.55"/>
  <rect x="160" y="300" width="44" height="42" rx="9" transform="rotate(24 182 321)" fill="#fff" opacity="0.22" stroke="#fff" stroke-opacity="0.5"/>
  ${Array.from({ length: 14 }, (_, i) => `<circle cx="${140 + ((i * 37) % 120)}" cy="${330 + ((i * 53) % 100)}" r="${2 + (i % 3)}" fill="#fff" opacity="0.55"/>`).join('')}
</g>
<path d="M126 170h148l-14 252q-2 18-20 18h-80q-18 0-20-18z" fill="url(#${p}glass)" stroke="#fff" stroke-opacity="0.7" stroke-width="2.5"/>
<ellipse cx="200" cy="170" rx="74" ry="7" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="2.5"/>
<path d="M140 186l12 226" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity="0.55" filter="url(#${p}hl)"/>
${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${236 + ((i * 13) % 26)}" cy="${240 + i * 20}" rx="2.2" ry="3.2" fill="#fff" opacity="0.7"/>`).join('')}
${garnish}
${sparkle(96, 150, 10)}${sparkle(330, 300, 7, 0.8)}${sparkle(70, 300, 5, 0.7)}`;
  };
}

// ── Marketplace cover: a product on a podium ────────────────────────────────────────────────

type Product = {
  bg: [string, string];
  arch: string;
  body: [string, string];
  accent: string;
  kind: 'perfume' | 'jar' | 'tube' | 'headphones';
  rating: string;
};

const products: Product[] = [
  {
    bg: ['#f3eaff', '#b9a2f6'],
    arch: '#9d84ef',
    body: ['#ffc2d4', '#ff5f8f'],
    accent: '#d4a84a',
    kind: 'perfume',
    rating: '4.9',
  },
  {
    bg: ['#e6fcf4', '#86d9bd'],
    arch: '#5cc3a1',
    body: ['#ffffff', '#d2ebe2'],
    accent: '#2a7a63',
    kind: 'jar',
    rating: '4.8',
  },
  {
    bg: ['#fff3e3', '#ffbf86'],
    arch: '#ff9b55',
    body: ['#ffffff', '#ffe0c2'],
    accent: '#f2652b',
    kind: 'tube',
    rating: '5.0',
  },
  {
    bg: ['#e6f0ff', '#8db6ff'],
    arch: '#5b8ff0',
    body: ['#3a4a72', '#141b2e'],
    accent: '#c8d6f2',
    kind: 'headphones',
    rating: '4.9',
  },
];

function productShape(p: string, kind: Product['kind']): string {
  switch (kind) {
    case 'perfume':
      return `<rect x="168" y="138" width="64" height="56" rx="10" fill="url(#${p}metal)"/>
<rect x="186" y="190" width="28" height="24" fill="url(#${p}metal)"/>
<rect x="140" y="210" width="120" height="168" rx="26" fill="url(#${p}body)" opacity="0.93"/>
<rect x="152" y="222" width="96" height="144" rx="18" fill="#fff" opacity="0.12"/>
<rect x="160" y="282" width="80" height="44" rx="6" fill="#fff" opacity="0.85"/>
<rect x="172" y="295" width="56" height="5" rx="2.5" fill="#5b4a6e" opacity="0.55"/>
<rect x="182" y="308" width="36" height="4" rx="2" fill="#5b4a6e" opacity="0.35"/>
<path d="M156 226q-6 70 2 140" stroke="#fff" stroke-width="9" stroke-linecap="round" opacity="0.55" fill="none"/>`;
    case 'jar':
      return `<rect x="122" y="282" width="156" height="96" rx="22" fill="url(#${p}body)"/>
<rect x="116" y="246" width="168" height="44" rx="12" fill="url(#${p}metal)"/>
<rect x="150" y="310" width="100" height="40" rx="6" fill="#fff" opacity="0.9"/>
<rect x="166" y="322" width="68" height="5" rx="2.5" fill="#2a7a63" opacity="0.6"/>
<rect x="178" y="334" width="44" height="4" rx="2" fill="#2a7a63" opacity="0.4"/>
<path d="M134 292q-4 40 2 76" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.7" fill="none"/>`;
    case 'tube':
      return `<path d="M150 140h100l-16 206h-68z" fill="url(#${p}body)"/>
<rect x="146" y="132" width="108" height="14" rx="3" fill="#fff"/>
<path d="M146 139h108" stroke="#e9d3bf" stroke-width="2" stroke-dasharray="4 4"/>
<rect x="164" y="340" width="72" height="40" rx="10" fill="url(#${p}metal)"/>
<rect x="172" y="210" width="56" height="70" rx="6" fill="url(#${p}metal)" opacity="0.9"/>
<rect x="182" y="228" width="36" height="5" rx="2.5" fill="#fff" opacity="0.9"/>
<rect x="186" y="242" width="28" height="4" rx="2" fill="#fff" opacity="0.7"/>
<path d="M162 150q6 90 14 190" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity="0.8" fill="none"/>`;
    case 'headphones':
      return `<path d="M130 300q0-150 70-150t70 150" fill="none" stroke="url(#${p}body)" stroke-width="18" stroke-linecap="round"/>
<path d="M138 290q2-126 62-130" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.35"/>
<rect x="104" y="270" width="58" height="100" rx="26" fill="url(#${p}body)"/>
<rect x="238" y="270" width="58" height="100" rx="26" fill="url(#${p}body)"/>
<rect x="150" y="284" width="16" height="72" rx="8" fill="url(#${p}metal)"/>
<rect x="234" y="284" width="16" height="72" rx="8" fill="url(#${p}metal)"/>
<path d="M116 286q-4 34 2 66" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.4" fill="none"/>`;
  }
}

function productScene(pr: Product): Scene {
  return (p, view) => `<defs>
${linear(`${p}bg`, [
  [0, pr.bg[0]],
  [1, pr.bg[1]],
])}
${linear(
  `${p}body`,
  [
    [0, pr.body[0]],
    [1, pr.body[1]],
  ],
  0,
  0,
  1,
  1,
)}
${linear(
  `${p}metal`,
  [
    [0, pr.accent],
    [0.45, '#ffffff'],
    [1, pr.accent],
  ],
  0,
  0,
  1,
  0,
)}
${linear(
  `${p}podium`,
  [
    [0, '#ffffff'],
    [0.6, '#f4f1fb'],
    [1, '#d9d2ea'],
  ],
  0,
  0,
  1,
  0,
)}
${radial(
  `${p}ball`,
  [
    [0, '#ffffff'],
    [0.6, pr.arch],
    [1, pr.arch],
  ],
  0.35,
  0.3,
  0.75,
)}
${blur(`${p}soft`, 12)}${blur(`${p}shadow`, 8)}
</defs>
<rect width="${W}" height="${H}" fill="url(#${p}bg)"/>
<path d="M70 420V190a130 130 0 0 1 260 0v230z" fill="${pr.arch}" opacity="0.45"/>
<path d="M100 420V200a100 100 0 0 1 200 0v220z" fill="#fff" opacity="0.18"/>
<rect y="410" width="${W}" height="90" fill="${pr.arch}" opacity="0.35"/>
<circle cx="74" cy="372" r="34" fill="url(#${p}ball)"/>
<circle cx="338" cy="318" r="20" fill="url(#${p}ball)"/>
<circle cx="350" cy="428" r="12" fill="url(#${p}ball)"/>
<ellipse cx="200" cy="462" rx="150" ry="22" fill="#1d1436" opacity="0.25" filter="url(#${p}shadow)"/>
<path d="M80 388v54a120 24 0 0 0 240 0v-54z" fill="url(#${p}podium)"/>
<ellipse cx="200" cy="388" rx="120" ry="24" fill="#fff"/>
<ellipse cx="200" cy="384" rx="84" ry="12" fill="#1d1436" opacity="0.18" filter="url(#${p}shadow)"/>
${productShape(p, pr.kind)}
<g transform="translate(${view.x + 24} ${view.y + 24})"><rect width="88" height="34" rx="17" fill="#fff" opacity="0.92"/><path d="M20 8l3.4 7 7.6 1.1-5.5 5.3 1.3 7.6-6.8-3.6-6.8 3.6 1.3-7.6-5.5-5.3 7.6-1.1z" fill="#ffb81c"/>${text(38, 23, pr.rating, 15, '#2a2140')}</g>
${sparkle(320, 110, 12)}${sparkle(96, 150, 8, 0.8)}${sparkle(300, 220, 6, 0.7)}`;
}

// ── Moodboard: a board of references ────────────────────────────────────────────────────────

type Palette = { board: string; colors: [string, string, string, string, string]; ink: string };

const palettes: Palette[] = [
  {
    board: '#f4ede3',
    colors: ['#e2725b', '#f2b880', '#f7dcc0', '#6d8b74', '#33413a'],
    ink: '#3d2b22',
  },
  {
    board: '#e9f1f7',
    colors: ['#1b4965', '#5fa8d3', '#bee9e8', '#ffcb77', '#fe6d73'],
    ink: '#14303f',
  },
  {
    board: '#1d1b26',
    colors: ['#7c3aed', '#c084fc', '#f0abfc', '#22d3ee', '#0f172a'],
    ink: '#f5f3ff',
  },
  {
    board: '#f7f1f5',
    colors: ['#b5838d', '#e5989b', '#ffb4a2', '#ffcdb2', '#6d6875'],
    ink: '#3f3140',
  },
];

function tile(p: string, id: string, x: number, y: number, w: number, h: number, body: string) {
  return `<clipPath id="${p}${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14"/></clipPath>
<rect x="${x + 2}" y="${y + 5}" width="${w}" height="${h}" rx="14" fill="#000" opacity="0.12"/>
<g clip-path="url(#${p}${id})">${body}</g>`;
}

function moodboardScene(pal: Palette): Scene {
  const [c1, c2, c3, c4, c5] = pal.colors;
  return (p) => {
    const arch = `<rect x="18" y="18" width="220" height="262" fill="${c3}"/>
<path d="M62 280V118a66 66 0 0 1 132 0v162z" fill="url(#${p}sky)"/>
<circle cx="128" cy="168" r="24" fill="#fff8e7" opacity="0.95"/>
<rect x="62" y="212" width="132" height="68" fill="${c4}" opacity="0.85"/>
<path d="M62 212h132" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>
<path d="M62 280V118a66 66 0 0 1 132 0v162" fill="none" stroke="${c5}" stroke-width="8" opacity="0.5"/>
<rect x="18" y="252" width="220" height="28" fill="${c2}" opacity="0.7"/>`;
    const swatches = [c1, c2, c3, c4, c5]
      .map((c, i) => `<rect x="${252 + i * 26}" y="18" width="27" height="130" fill="${c}"/>`)
      .join('');
    const leaf = `<rect x="252" y="162" width="130" height="118" fill="${c3}"/>
<path d="M272 262q10-86 96-84q-8 90-96 84z" fill="${c4}"/>
<path d="M274 260q40-36 90-80" stroke="${c5}" stroke-width="2.5" fill="none" opacity="0.6"/>
${[0, 1, 2, 3].map((i) => `<path d="M${292 + i * 16} ${242 - i * 14}l${-6 + i} ${-22 + i * 2}" stroke="${c5}" stroke-width="1.6" opacity="0.45"/>`).join('')}`;
    const waves = `<rect x="18" y="294" width="130" height="188" fill="${c2}"/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M18 ${318 + i * 36}q32-26 65 0t65 0v200h-130z" fill="${pal.colors[(i + 1) % 5]}" opacity="0.9"/>`).join('')}`;
    const dunes = `<rect x="162" y="294" width="220" height="188" fill="url(#${p}dusk)"/>
<circle cx="300" cy="360" r="30" fill="#fff3d6" opacity="0.95"/>
<path d="M162 420q60-50 120-16t100-10v90h-220z" fill="${c1}" opacity="0.9"/>
<path d="M162 446q80-40 150-6t70 0v50h-220z" fill="${c5}" opacity="0.75"/>`;
    return `<defs>
${linear(`${p}sky`, [
  [0, c5],
  [0.55, c1],
  [1, c2],
])}
${linear(`${p}dusk`, [
  [0, c3],
  [1, c2],
])}
</defs>
<rect width="${W}" height="${H}" fill="${pal.board}"/>
${tile(p, 't1', 18, 18, 220, 262, arch)}
${tile(p, 't2', 252, 18, 130, 130, swatches)}
${tile(p, 't3', 252, 162, 130, 118, leaf)}
${tile(p, 't4', 18, 294, 130, 188, waves)}
${tile(p, 't5', 162, 294, 220, 188, dunes)}
<rect x="108" y="8" width="40" height="18" rx="3" fill="#fff" opacity="0.55" transform="rotate(-6 128 17)"/>
<rect x="296" y="152" width="40" height="16" rx="3" fill="#fff" opacity="0.5" transform="rotate(8 316 160)"/>
<circle cx="358" cy="470" r="6" fill="${pal.ink}" opacity="0.3"/>`;
  };
}

// ── Portraits: living photos and virtual influencers ────────────────────────────────────────

type Person = {
  skin: [string, string];
  hair: [string, string];
  hairStyle: 'long' | 'bob' | 'bun';
  eyes: 'open' | 'closed';
  iris: string;
  lips: string;
  outfit: [string, string];
  glasses?: boolean;
  earrings?: string;
};

function person(p: string, who: Person): string {
  const back = {
    long: `<path d="M118 206q-28 120-10 250h184q18-130-10-250q-80-90-164 0z" fill="url(#${p}hair)"/>`,
    bob: `<path d="M116 210q-12 80 8 118q76 22 152 0q20-38 8-118q-84-96-168 0z" fill="url(#${p}hair)"/>`,
    bun: `<circle cx="200" cy="112" r="40" fill="url(#${p}hair)"/>`,
  }[who.hairStyle];
  const top = {
    long: `<path d="M124 214q-2-104 78-108q80 2 74 112q-20-54-76-62q-46 8-76 58z" fill="url(#${p}hair)"/>`,
    bob: `<path d="M122 232q-10-120 80-126q88 4 78 126q-14-60-58-76q-24 36-100 76z" fill="url(#${p}hair)"/>`,
    bun: `<path d="M126 212q0-92 76-96q76 4 72 96q-24-44-74-48q-50 4-74 48z" fill="url(#${p}hair)"/>`,
  }[who.hairStyle];
  const eyes =
    who.eyes === 'open'
      ? [172, 228]
          .map(
            (x) =>
              `<path d="M${x - 17} 224q17-15 34 0q-17 12-34 0z" fill="#fff"/><circle cx="${x}" cy="223" r="8" fill="${who.iris}"/><circle cx="${x}" cy="223" r="3.6" fill="#1b1320"/><circle cx="${x + 3}" cy="220" r="2" fill="#fff"/><path d="M${x - 18} 223q18-17 36 0" fill="none" stroke="#2a1a1a" stroke-width="2.6" stroke-linecap="round"/>`,
          )
          .join('')
      : [172, 228]
          .map(
            (x) =>
              `<path d="M${x - 15} 222q15 11 30 0" fill="none" stroke="#3a2420" stroke-width="2.6" stroke-linecap="round"/>${[0, 1, 2].map((i) => `<path d="M${x - 9 + i * 9} ${229}l${-2 + i * 2} 5" stroke="#3a2420" stroke-width="1.5" stroke-linecap="round"/>`).join('')}`,
          )
          .join('');
  const glasses = who.glasses
    ? `<rect x="144" y="204" width="52" height="36" rx="12" fill="url(#${p}lens)"/><rect x="204" y="204" width="52" height="36" rx="12" fill="url(#${p}lens)"/><path d="M196 216q4-4 8 0" stroke="#111" stroke-width="3" fill="none"/><path d="M152 212l16 22M214 212l16 22" stroke="#fff" stroke-width="3" opacity="0.45"/>`
    : '';
  const earrings = who.earrings
    ? `<circle cx="128" cy="250" r="5" fill="${who.earrings}"/><circle cx="272" cy="250" r="5" fill="${who.earrings}"/>`
    : '';
  return `<defs>
${linear(
  `${p}hair`,
  [
    [0, who.hair[0]],
    [1, who.hair[1]],
  ],
  0,
  0,
  1,
  1,
)}
${radial(
  `${p}skin`,
  [
    [0, who.skin[0]],
    [1, who.skin[1]],
  ],
  0.42,
  0.38,
  0.7,
)}
${linear(
  `${p}outfit`,
  [
    [0, who.outfit[0]],
    [1, who.outfit[1]],
  ],
  0,
  0,
  1,
  1,
)}
${linear(
  `${p}lens`,
  [
    [0, '#3b1f4f'],
    [1, '#0c0a12'],
  ],
  0,
  0,
  1,
  1,
)}
${blur(`${p}blush`, 6)}
</defs>
${back}
<path d="M48 500q6-110 100-130q52-8 104 0q94 20 100 130z" fill="url(#${p}outfit)"/>
<path d="M172 280h56v70q-28 26-56 0z" fill="${who.skin[1]}"/>
<path d="M150 372q50 60 100 0" fill="${who.skin[1]}" opacity="0.9"/>
<ellipse cx="128" cy="228" rx="11" ry="18" fill="${who.skin[1]}"/>
<ellipse cx="272" cy="228" rx="11" ry="18" fill="${who.skin[1]}"/>
<ellipse cx="200" cy="296" rx="30" ry="10" fill="${who.skin[1]}" opacity="0.7" filter="url(#${p}blush)"/>
<ellipse cx="200" cy="214" rx="72" ry="90" fill="url(#${p}skin)"/>
<circle cx="160" cy="252" r="13" fill="#ff7a8a" opacity="0.28" filter="url(#${p}blush)"/>
<circle cx="240" cy="252" r="13" fill="#ff7a8a" opacity="0.28" filter="url(#${p}blush)"/>
<path d="M154 198q18-10 34-2M212 196q16-8 34 2" stroke="${who.hair[1]}" stroke-width="4" stroke-linecap="round" fill="none"/>
${eyes}
<path d="M198 232q-6 18 2 22q6 2 10-2" stroke="${who.skin[1]}" stroke-width="2.5" fill="none" stroke-linecap="round"/>
<path d="M180 270q20 12 40 0q-20-8-40 0z" fill="${who.lips}"/>
<path d="M180 270q20 16 40 0" fill="none" stroke="${who.lips}" stroke-width="3" stroke-linecap="round"/>
${earrings}
${top}
${glasses}`;
}

type Backdrop = (p: string) => string;

const goldenHour: Backdrop = (p) => `<defs>${linear(`${p}sky`, [
  [0, '#ffd89b'],
  [0.5, '#ff8a65'],
  [1, '#7b3f74'],
])}${blur(`${p}soft`, 10)}</defs>
<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>
<circle cx="300" cy="150" r="90" fill="#fff1c4" opacity="0.55" filter="url(#${p}soft)"/>
${bokeh(p, 7, ['#fff3c4', '#ffd08a', '#ffb199'], 16, 26)}`;

const gardenLight: Backdrop = (p) => `<defs>${linear(`${p}sky`, [
  [0, '#d8f3c8'],
  [0.55, '#74b88a'],
  [1, '#2f5e4a'],
])}${blur(`${p}soft`, 10)}</defs>
<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>
${bokeh(p, 21, ['#ffffff', '#f8ffd6', '#b8f0c0'], 18, 24)}`;

const blueStudio: Backdrop = (p) => `<defs>${radial(
  `${p}sky`,
  [
    [0, '#b9d7ff'],
    [0.6, '#5b86d6'],
    [1, '#26345f'],
  ],
  0.5,
  0.35,
  0.8,
)}${blur(`${p}soft`, 10)}</defs>
<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>
<circle cx="200" cy="200" r="150" fill="#e8f1ff" opacity="0.3" filter="url(#${p}soft)"/>`;

const neonCity: Backdrop = (p) => {
  const next = random(99);
  let buildings = '';
  let x = -10;
  while (x < W) {
    const w = 34 + next() * 40;
    const h = 120 + next() * 200;
    const top = H - h;
    buildings += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="#170d33"/>`;
    for (let wy = top + 12; wy < H - 8; wy += 16) {
      for (let wx = x + 6; wx < x + w - 8; wx += 12) {
        if (next() < 0.32) {
          const color = next() < 0.5 ? '#ffd36e' : next() < 0.5 ? '#5eead4' : '#f0abfc';
          buildings += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="5" height="7" fill="${color}" opacity="${(0.5 + next() * 0.5).toFixed(2)}"/>`;
        }
      }
    }
    x += w + 4;
  }
  return `<defs>${linear(`${p}sky`, [
    [0, '#120a32'],
    [0.6, '#4a1670'],
    [1, '#ff4f8b'],
  ])}${blur(`${p}soft`, 10)}${blur(`${p}neon`, 4)}</defs>
<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>
${buildings}
<rect x="30" y="150" width="6" height="120" rx="3" fill="#22d3ee" filter="url(#${p}neon)"/>
<rect x="360" y="120" width="6" height="150" rx="3" fill="#f472b6" filter="url(#${p}neon)"/>
${bokeh(p, 5, ['#f472b6', '#22d3ee', '#fde68a'], 12, 20)}`;
};

const beachDay: Backdrop = (p) => `<defs>${linear(`${p}sky`, [
  [0, '#7dd3fc'],
  [0.6, '#bae6fd'],
  [1, '#fde68a'],
])}${blur(`${p}soft`, 10)}</defs>
<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>
<rect y="300" width="${W}" height="60" fill="#0ea5e9" opacity="0.7"/>
<rect y="356" width="${W}" height="144" fill="#fcd9a0"/>
<circle cx="80" cy="90" r="40" fill="#fff7d1" filter="url(#${p}soft)"/>`;

const pastelStudio: Backdrop = (p) => `<defs>${linear(`${p}sky`, [
  [0, '#ffe4f1'],
  [1, '#f9a8d4'],
])}${blur(`${p}soft`, 10)}</defs>
<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>
<circle cx="200" cy="220" r="170" fill="#fff" opacity="0.35"/>`;

const people: Record<string, Person> = {
  amber: {
    skin: ['#ffe1cc', '#e8a887'],
    hair: ['#6b3a22', '#2b140b'],
    hairStyle: 'long',
    eyes: 'closed',
    iris: '#5a3825',
    lips: '#d9546e',
    outfit: ['#fff4e6', '#e9c7a5'],
    earrings: '#f5c451',
  },
  june: {
    skin: ['#f6cfb1', '#c98e6a'],
    hair: ['#e8b04b', '#9a5e1a'],
    hairStyle: 'bob',
    eyes: 'open',
    iris: '#3f7d5a',
    lips: '#c8455d',
    outfit: ['#86efac', '#15803d'],
  },
  noor: {
    skin: ['#c99673', '#8a5a3c'],
    hair: ['#2a1a12', '#0c0705'],
    hairStyle: 'bun',
    eyes: 'open',
    iris: '#3b2414',
    lips: '#a63d4f',
    outfit: ['#fde68a', '#f59e0b'],
    earrings: '#fcd34d',
  },
  lea: {
    skin: ['#fde2d2', '#e4a98c'],
    hair: ['#1f2937', '#0b1020'],
    hairStyle: 'long',
    eyes: 'open',
    iris: '#3b82f6',
    lips: '#e11d48',
    outfit: ['#c7d2fe', '#6366f1'],
  },
  mila: {
    skin: ['#ffe3d3', '#e7a68a'],
    hair: ['#f9a8d4', '#a21caf'],
    hairStyle: 'long',
    eyes: 'open',
    iris: '#7c3aed',
    lips: '#db2777',
    outfit: ['#1f2937', '#030712'],
    glasses: true,
    earrings: '#e5e7eb',
  },
  kai: {
    skin: ['#e9bb98', '#b37a55'],
    hair: ['#67e8f9', '#0e7490'],
    hairStyle: 'bob',
    eyes: 'open',
    iris: '#0f766e',
    lips: '#be4b5d',
    outfit: ['#fb7185', '#9f1239'],
  },
  rin: {
    skin: ['#ffe8d6', '#eab08f'],
    hair: ['#fde68a', '#d97706'],
    hairStyle: 'bun',
    eyes: 'open',
    iris: '#a16207',
    lips: '#e2557a',
    outfit: ['#ffffff', '#cbd5e1'],
    glasses: true,
    earrings: '#fbbf24',
  },
};

function living(backdrop: Backdrop, who: Person, seed: number): Scene {
  return (p, view) => `${backdrop(`${p}b`)}${person(`${p}p`, who)}
<g fill="none" stroke="#fff" stroke-linecap="round" opacity="0.6">
  <path d="M86 170q-20 20-8 46"/><path d="M66 200q-12 16-4 34"/><path d="M318 168q20 22 6 48"/>
</g>
${sparkle(86 + (seed % 3) * 6, 120, 9)}${sparkle(330, 96, 6, 0.8)}
<g transform="translate(${view.x + 20} ${view.y + view.h - 60})"><rect width="112" height="40" rx="20" fill="#0b0b12" opacity="0.55"/><circle cx="20" cy="20" r="12" fill="#fff"/><path d="M16 13.5v13l10-6.5z" fill="#0b0b12"/>${text(42, 26, `0:0${5 + (seed % 4)}`, 15, '#fff', 600)}</g>`;
}

/** A talking character (issue #48): the person with a speech bubble of sound, on a clip's badge. */
function speaking(backdrop: Backdrop, who: Person): Scene {
  const bars = [12, 24, 36, 22, 30, 14]
    .map(
      (h, i) =>
        `<rect x="${304 + i * 13}" y="${200 - h / 2}" width="6" height="${h}" rx="3" fill="#7c3aed"/>`,
    )
    .join('');
  return (p, view) => `${backdrop(`${p}b`)}${person(`${p}p`, who)}
<path d="M300 168h76a16 16 0 0 1 16 16v32a16 16 0 0 1-16 16h-62l-26 24 8-24a16 16 0 0 1-12-16v-32a16 16 0 0 1 16-16z" fill="#fff" opacity="0.92"/>${bars}
<g transform="translate(${view.x + 20} ${view.y + view.h - 60})"><rect width="112" height="40" rx="20" fill="#0b0b12" opacity="0.55"/><circle cx="20" cy="20" r="12" fill="#fff"/><path d="M16 13.5v13l10-6.5z" fill="#0b0b12"/>${text(42, 26, '0:12', 15, '#fff', 600)}</g>`;
}

/** A still portrait: the person in their light, nothing that says video. */
function portrait(backdrop: Backdrop, who: Person): Scene {
  return (p) => `${backdrop(`${p}b`)}${person(`${p}p`, who)}${sparkle(330, 96, 6, 0.8)}`;
}

function influencer(backdrop: Backdrop, who: Person, handle: string, likes: string): Scene {
  const textWidth = handle.length * 9.4;
  return (p, view) => `${backdrop(`${p}b`)}${person(`${p}p`, who)}
<g transform="translate(${view.x + 18} ${view.y + 18})"><rect width="${textWidth + 70}" height="40" rx="20" fill="#0b0b12" opacity="0.5"/><circle cx="20" cy="20" r="13" fill="url(#${p}avatar)"/>${text(40, 26, handle, 15, '#fff', 600)}<circle cx="${textWidth + 52}" cy="20" r="8" fill="#3b82f6"/><path d="M${textWidth + 48} 20l3 3 5-6" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/></g>
<defs>${linear(
    `${p}avatar`,
    [
      [0, who.hair[0]],
      [1, who.outfit[0]],
    ],
    0,
    0,
    1,
    1,
  )}</defs>
<g transform="translate(${view.x + view.w - 118} ${view.y + view.h - 58})"><rect width="100" height="40" rx="20" fill="#fff" opacity="0.92"/><path d="M24 28s-9-5.6-9-11.2a5 5 0 0 1 9-3 5 5 0 0 1 9 3c0 5.6-9 11.2-9 11.2z" fill="#f43f5e"/>${text(40, 26, likes, 15, '#111827')}</g>`;
}

// ── Which scene draws which file ─────────────────────────────────────────────────────────────

const sampleScenes: Record<UseCaseImageId, Scene> = {
  smm: drinkScene(drinks[0] as Drink),
  marketplace: productScene(products[0] as Product),
  inspiration: moodboardScene(palettes[0] as Palette),
  livingPhoto: living(goldenHour, people.amber as Person, 0),
  influencer: influencer(neonCity, people.mila as Person, 'mila.ai', '24.8K'),
};

const heroScenes: Record<UseCaseImageId, Record<keyof HeroImages, Scene>> = {
  smm: {
    serviceImage: drinkScene(drinks[1] as Drink),
    secondaryImage: drinkScene(drinks[2] as Drink),
    topSecondaryImage: drinkScene(drinks[3] as Drink),
    bottomSecondaryImage: drinkScene(drinks[0] as Drink),
  },
  marketplace: {
    serviceImage: productScene(products[1] as Product),
    secondaryImage: productScene(products[2] as Product),
    topSecondaryImage: productScene(products[3] as Product),
    bottomSecondaryImage: productScene(products[0] as Product),
  },
  inspiration: {
    serviceImage: moodboardScene(palettes[1] as Palette),
    secondaryImage: moodboardScene(palettes[2] as Palette),
    topSecondaryImage: moodboardScene(palettes[3] as Palette),
    bottomSecondaryImage: moodboardScene(palettes[0] as Palette),
  },
  livingPhoto: {
    serviceImage: living(gardenLight, people.june as Person, 1),
    secondaryImage: living(blueStudio, people.noor as Person, 2),
    topSecondaryImage: living(goldenHour, people.lea as Person, 3),
    bottomSecondaryImage: living(gardenLight, people.amber as Person, 0),
  },
  influencer: {
    serviceImage: influencer(pastelStudio, people.rin as Person, 'rin.daily', '18.2K'),
    secondaryImage: influencer(beachDay, people.kai as Person, 'kai.wave', '9.7K'),
    topSecondaryImage: influencer(neonCity, people.mila as Person, 'mila.ai', '24.8K'),
    bottomSecondaryImage: influencer(blueStudio, people.lea as Person, 'lea.studio', '31K'),
  },
};

// ── Rendering ────────────────────────────────────────────────────────────────────────────────

function viewFor(width: number, height: number): View {
  const ratio = width / height;
  if (ratio >= W / H) {
    const h = W / ratio;
    return { x: 0, y: (H - h) / 2, w: W, h };
  }
  const w = H * ratio;
  return { x: (W - w) / 2, y: 0, w, h: H };
}

function svgDocument(scene: Scene, width: number, height: number): string {
  const view = viewFor(width, height);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${view.x} ${view.y} ${view.w} ${view.h}">${scene('s', view)}</svg>`;
}

async function writeImage(asset: ImageAsset, scene: Scene): Promise<number> {
  const png = await sharp(Buffer.from(svgDocument(scene, asset.width, asset.height)))
    .png()
    .toBuffer();
  const file = path.join(webDir, 'public', asset.src);
  await mkdir(path.dirname(file), { recursive: true });
  const [avif, webp] = await Promise.all([
    sharp(png).avif({ quality: 52, effort: 6 }).toBuffer(),
    sharp(png).webp({ quality: 78, effort: 6 }).toBuffer(),
  ]);
  await Promise.all([writeFile(`${file}.avif`, avif), writeFile(`${file}.webp`, webp)]);
  console.info(`${asset.src}: avif ${avif.length} B, webp ${webp.length} B`);
  return avif.length + webp.length;
}

/** A style preview's or an example's most bytes in either format. */
const styledBudget = 14 * 1024;

/**
 * A subject in a style's look (scripts/style-scenes.ts), at the qualities of the landing's
 * pictures, lowered step by step for a grainy one until it fits `styledBudget`. Pixel art is
 * kept lossless when that fits, so its blocks stay crisp.
 */
async function writeStyled(asset: ImageAsset, style: string, subject: Subject): Promise<number> {
  const png = await renderStyled(sharp, style, subject, asset.width, asset.height);
  const encode = async (
    lossless: () => Promise<Buffer>,
    lossy: (quality: number) => Promise<Buffer>,
    quality: number,
  ): Promise<Buffer> => {
    if (isPixelStyle(style)) {
      const exact = await lossless();
      if (exact.length <= styledBudget) return exact;
    }
    let out = await lossy(quality);
    for (let q = quality - 6; out.length > styledBudget && q >= quality - 30; q -= 6) {
      out = await lossy(q);
    }
    return out;
  };
  const [avif, webp] = await Promise.all([
    encode(
      () => sharp(png).avif({ lossless: true, effort: 6 }).toBuffer(),
      (quality) => sharp(png).avif({ quality, effort: 6 }).toBuffer(),
      52,
    ),
    encode(
      () => sharp(png).webp({ lossless: true, effort: 6 }).toBuffer(),
      (quality) => sharp(png).webp({ quality, effort: 6 }).toBuffer(),
      78,
    ),
  ]);
  const file = path.join(webDir, 'public', asset.src);
  await mkdir(path.dirname(file), { recursive: true });
  await Promise.all([writeFile(`${file}.avif`, avif), writeFile(`${file}.webp`, webp)]);
  console.info(`${asset.src}: avif ${avif.length} B, webp ${webp.length} B`);
  return avif.length + webp.length;
}

/** The parts to draw: those named on the command line, or all of them. */
const allParts = ['landing', 'styles', 'examples'];
const named = process.argv.slice(2);
for (const part of named) {
  if (!allParts.includes(part)) {
    throw new Error(`unknown part ${part}: name some of ${allParts.join(', ')}`);
  }
}
const parts = new Set(named.length > 0 ? named : allParts);

/** 1200×630: the brand, a line in both languages and three samples on cards. */
async function writeSocialCard(): Promise<void> {
  const card = (scene: Scene, id: string, x: number, y: number, angle: number) =>
    `<g transform="rotate(${angle} ${x + 130} ${y + 162})"><rect x="${x - 3}" y="${y - 3}" width="266" height="331" rx="26" fill="#fff" opacity="0.12"/><clipPath id="${id}c"><rect x="${x}" y="${y}" width="260" height="325" rx="24"/></clipPath><g clip-path="url(#${id}c)"><svg x="${x}" y="${y}" width="260" height="325" viewBox="0 0 ${W} ${H}">${scene(id, fullView)}</svg></g></g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>${radial('glow', [
    [0, '#7c3aed', 0.55],
    [1, '#7c3aed', 0],
  ])}${linear(
    'mark',
    [
      [0, '#a78bfa'],
      [1, '#6d28d9'],
    ],
    0,
    0,
    1,
    1,
  )}</defs>
<rect width="1200" height="630" fill="#09090b"/>
<circle cx="860" cy="300" r="420" fill="url(#glow)"/>
<circle cx="120" cy="560" r="260" fill="url(#glow)" opacity="0.6"/>
<g transform="translate(80 190) scale(3)"><rect width="32" height="32" rx="9" fill="url(#mark)"/><path d="M9 13v-3a1 1 0 0 1 1-1h3m6 0h3a1 1 0 0 1 1 1v3m0 6v3a1 1 0 0 1-1 1h-3m-6 0h-3a1 1 0 0 1-1-1v-3" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="16" cy="16" r="3" fill="#fff"/></g>
${text(196, 268, 'Kadr', 88, '#fafafa')}
${text(82, 354, 'ИИ-изображения и видео', 34, '#e4e4e7', 600)}
${text(82, 398, 'AI images and videos', 30, '#a1a1aa', 400)}
${card(sampleScenes.smm, 'c1', 620, 170, -8)}
${card(sampleScenes.influencer, 'c3', 900, 150, 7)}
${card(sampleScenes.marketplace, 'c2', 760, 140, -1)}
</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await writeFile(path.join(webDir, 'public', socialCard.src), jpeg);
  console.info(`${socialCard.src}: jpeg ${jpeg.length} B`);
}

let total = 0;
if (parts.has('landing')) {
  for (const [id, asset] of Object.entries(samples) as [UseCaseImageId, ImageAsset][]) {
    total += await writeImage(asset, sampleScenes[id]);
  }
  for (const [id, set] of Object.entries(heroImages) as [UseCaseImageId, HeroImages][]) {
    for (const [role, asset] of Object.entries(set) as [keyof HeroImages, ImageAsset][]) {
      total += await writeImage(asset, heroScenes[id][role]);
    }
  }
  // The studio's model cards (the catalogue's `demoImages`, 320×180 WebP and AVIF), a scene of its
  // own for every model: stills for the image models; for the video models a frame with the play badge
  // and running time of a clip (a poster), each with another person and light.
  const imageModelScenes: Scene[] = [
    productScene(products[2] as Product),
    portrait(pastelStudio, people.rin as Person),
    moodboardScene(palettes[1] as Palette),
    drinkScene(drinks[1] as Drink),
    // Seedream 4 and Nano Banana (issue #47): a character kept across pictures, a product placed.
    portrait(blueStudio, people.noor as Person),
    productScene(products[1] as Product),
  ];
  const videoModelScenes: Scene[] = [
    living(goldenHour, people.amber as Person, 0),
    living(gardenLight, people.june as Person, 1),
    living(neonCity, people.mila as Person, 2),
    living(beachDay, people.kai as Person, 3),
    living(goldenHour, people.noor as Person, 4),
    living(blueStudio, people.lea as Person, 5),
    // OmniHuman 1.5 (issue #48): a talking character.
    speaking(pastelStudio, people.rin as Person),
  ];
  for (const [type, scenes] of [
    ['image', imageModelScenes],
    ['video', videoModelScenes],
  ] as const) {
    const models = listModels(type);
    if (models.length > scenes.length) {
      throw new Error(
        `${models.length} ${type} models but ${scenes.length} card scenes: draw another`,
      );
    }
    for (const [index, model] of models.entries()) {
      for (const src of model.demoImages) {
        const scene = scenes[index] as Scene;
        total += await writeImage(
          { src: src.replace(/\.webp$/, ''), width: 320, height: 180 },
          scene,
        );
      }
    }
  }
  await writeSocialCard();
}
if (parts.has('styles')) {
  for (const id of stylePreviewIds) {
    total += await writeStyled(stylePreview(id), id, previewSubjects[id]);
  }
}
if (parts.has('examples')) {
  for (const example of examples) {
    const subject = exampleSubjects[example.id];
    if (!subject)
      throw new Error(`the example ${example.id} has no scene: draw one in style-scenes.ts`);
    total += await writeStyled(example.image, example.style, subject);
  }
}
console.info(`total ${Math.round(total / 1024)} KiB`);

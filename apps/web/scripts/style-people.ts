// The subjects of the style previews and the gallery's examples (issue #49), part three: people
// (a head-and-shoulders portrait, a full fashion figure, a phone selfie). See
// scripts/style-subjects.ts for the drawing conventions.

import {
  at,
  blur,
  type Ctx,
  linear,
  n,
  paint,
  radial,
  rect,
  type Subject,
} from './style-subjects.ts';

export type Person = {
  skin: string;
  shade: string;
  hair: string;
  top: string;
  lips: string;
  eyes: string;
};

export const dara: Person = {
  skin: '#f1c7a8',
  shade: '#d39c7c',
  hair: '#2a1c16',
  top: '#d8c8b4',
  lips: '#c2545a',
  eyes: '#3a2418',
};

export const mira: Person = {
  skin: '#e8b48e',
  shade: '#c28660',
  hair: '#6a3a1e',
  top: '#f2efe8',
  lips: '#c84a4e',
  eyes: '#2e2016',
};

/** A head with shoulder-length hair and shoulders; its base centre at the origin, 400 tall. */
export function head(c: Ctx, who: Person, rim = '', smile = 1): string {
  const ink = c.ink;
  return `<defs>${linear(
    'face',
    [
      [0, who.skin],
      [0.55, who.skin],
      [1, who.shade],
    ],
    0,
    0,
    1,
    0,
  )}${linear(
    'topc',
    [
      [0, who.top],
      [1, who.shade],
    ],
    0,
    0,
    1,
    0.4,
  )}</defs>
<path d="M-96 -330Q-110 -210 -104 -150Q-60 -130 0 -130Q60 -130 104 -150Q110 -210 96 -330Q80 -380 0 -384Q-80 -380 -96 -330Z" fill="${who.hair}" ${ink}/>
<path d="M-180 0Q-178 -90 -120 -112Q-70 -130 -34 -140H34Q70 -130 120 -112Q178 -90 180 0Z" fill="${paint(c, 'topc', who.top)}" ${ink}/>
<path d="M-30 -196V-136Q0 -112 30 -136V-196Z" fill="${c.flat ? who.shade : who.shade}" ${ink}/>
<path d="M-36 -138Q0 -100 36 -138" fill="none" stroke="${who.shade}" stroke-width="6" opacity="0.6"/>
<path d="M-64 -276Q-66 -210 -30 -184Q0 -168 30 -184Q66 -210 64 -276Q62 -346 0 -348Q-62 -346 -64 -276Z" fill="${paint(c, 'face', who.skin)}" ${ink}/>
<path d="M-70 -270Q-76 -340 -20 -356Q40 -366 70 -320Q78 -290 72 -250Q60 -300 10 -318Q-30 -300 -70 -270Z" fill="${who.hair}" ${ink}/>
<path d="M-70 -272Q-84 -200 -96 -150Q-80 -146 -66 -156Q-60 -210 -62 -262Z" fill="${who.hair}"/>
<path d="M70 -262Q84 -200 96 -152Q80 -146 66 -156Q60 -210 62 -256Z" fill="${who.hair}"/>
<path d="M-42 -286Q-28 -294 -14 -288M14 -288Q28 -294 42 -286" fill="none" stroke="${who.hair}" stroke-width="5" stroke-linecap="round"/>
<path d="M-40 -268Q-28 -278 -16 -268Q-28 -262 -40 -268ZM16 -268Q28 -278 40 -268Q28 -262 16 -268Z" fill="${who.eyes}"/>
<circle cx="-26" cy="-270" r="2.2" fill="#fff"/><circle cx="30" cy="-270" r="2.2" fill="#fff"/>
<path d="M-2 -258Q-6 -236 -10 -230Q-2 -226 6 -230" fill="none" stroke="${who.shade}" stroke-width="3.5" stroke-linecap="round"/>
<path d="M-20 -${212 + smile * 2}Q0 -${204 - smile * 4} 20 -${212 + smile * 2}Q0 -${208 - smile * 2} -20 -${212 + smile * 2}Z" fill="${who.lips}" stroke="${who.lips}" stroke-width="3" stroke-linejoin="round"/>
<ellipse cx="-40" cy="-232" rx="12" ry="7" fill="#ff8a8a" opacity="0.25"/><ellipse cx="40" cy="-232" rx="12" ry="7" fill="#ff8a8a" opacity="0.25"/>
${rim ? `<path d="M104 -150Q110 -210 96 -330" fill="none" stroke="${rim}" stroke-width="5" stroke-linecap="round" opacity="0.55"/><path d="M120 -112Q178 -90 180 0" fill="none" stroke="${rim}" stroke-width="4" opacity="0.6"/>` : ''}`;
}

/** Head and shoulders on a seamless grey backdrop with a soft key light (studio-portrait). */
export const studioPortrait: Subject = (c) =>
  `<defs>${radial(
    'greybg',
    [
      [0, '#a9aaad'],
      [0.55, '#7d7f83'],
      [1, '#4a4c50'],
    ],
    0.42,
    0.4,
    0.7,
  )}</defs>${rect(c.w, c.h, 'url(#greybg)')}
<g ${at(c, 0.5, 1.02, c.h / c.w > 1.1 ? 1.2 : 1)}>${head(c, dara, '#fff4e0')}</g>`;

/** A full figure in an oversized blazer and wide trousers, its feet at the origin, 470 tall. */
function fashionFigure(shadow: string | null): string {
  const fill = (color: string) => shadow ?? color;
  return `<path d="M-46 -250L-72 -4H-14L0 -150L14 -4H72L46 -250Z" fill="${fill('#17171c')}"/>
<path d="M-72 -4H-12L-14 6H-80ZM12 -4H72L82 6H14Z" fill="${fill('#0a0a0a')}"/>
<path d="M-84 -382Q-102 -380 -108 -340L-118 -300L-62 -250L-76 -230H76L62 -250L118 -300L108 -340Q102 -380 84 -382L20 -394H-20Z" fill="${fill('#f3e3c6')}"/>
${shadow ? '' : '<path d="M-20 -394L0 -300L20 -394" fill="#17171c"/><path d="M0 -300V-236" stroke="#c9b693" stroke-width="3"/><path d="M-20 -394L-34 -330L0 -300M20 -394L34 -330L0 -300" fill="none" stroke="#c9b693" stroke-width="3"/><path d="M-108 -340L-118 -300L-62 -250" fill="none" stroke="#c9b693" stroke-width="3"/>'}
<path d="M-66 -254Q-56 -246 -48 -252L-52 -262Q-60 -262 -66 -254ZM66 -254Q56 -246 48 -252L52 -262Q60 -262 66 -254Z" fill="${fill('#c98e6a')}"/>
<path d="M-14 -430V-392H14V-430Z" fill="${fill('#c98e6a')}"/>
<ellipse cx="0" cy="-450" rx="24" ry="30" fill="${fill('#d8a07c')}"/>
<path d="M-26 -450Q-28 -486 0 -486Q28 -486 26 -450Q22 -472 0 -474Q-22 -472 -26 -450Z" fill="${fill('#111')}"/>
<circle cx="0" cy="-492" r="13" fill="${fill('#111')}"/>
${shadow ? '' : '<rect x="-22" y="-458" width="19" height="9" rx="3" fill="#111"/><rect x="3" y="-458" width="19" height="9" rx="3" fill="#111"/><path d="M-8 -432Q0 -428 8 -432" stroke="#c4242c" stroke-width="4" stroke-linecap="round"/>'}`;
}

/** A model in a confident pose before a bold colour block, with a hard flash shadow (editorial-fashion). */
export const fashionLook: Subject = (c) => {
  const floor = c.h * 0.8;
  const scale = Math.min((c.h * 0.78) / (500 * c.u), (c.w * 0.8) / (240 * c.u));
  return `${rect(c.w, floor, '#2347ff')}<rect y="${n(floor)}" width="${c.w}" height="${n(c.h - floor)}" fill="#ff5a1f"/>
<rect x="${n(c.w * 0.72)}" width="${n(c.w * 0.28)}" height="${n(floor)}" fill="#ff3d8b"/>
<g ${at(c, 0.53, 0.9, scale)}><g transform="translate(30 -4)" opacity="0.4">${fashionFigure('#0b1040')}</g>${fashionFigure(null)}</g>`;
};

/** A selfie in a coffee shop, a cappuccino held up, the phone's arm in the corner (ugc-phone). */
export const cafeSelfie: Subject = (c) => {
  const s = c.u;
  return `<defs>${linear('cafe', [
    [0, '#6b4a32'],
    [1, '#a8805a'],
  ])}${blur('cafedof', 5 * s)}${radial('lamp', [
    [0, '#fff2c8'],
    [0.4, '#ffd27a', 0.7],
    [1, '#ffb347', 0],
  ])}</defs>
${rect(c.w, c.h, 'url(#cafe)')}<rect y="${n(c.h * 0.58)}" width="${c.w}" height="${n(c.h * 0.42)}" fill="#4a3222"/><g filter="url(#cafedof)"><rect x="-30" y="-30" width="${c.w + 60}" height="${c.h + 60}" fill="url(#cafe)"/>
<rect x="${n(c.w * 0.05)}" y="${n(c.h * 0.12)}" width="${n(c.w * 0.4)}" height="${n(c.h * 0.22)}" fill="#2b2a28"/>
${[0, 1, 2, 3].map((i) => `<rect x="${n(c.w * 0.09)}" y="${n(c.h * (0.16 + i * 0.045))}" width="${n(c.w * (0.3 - i * 0.04))}" height="${n(4 * s)}" fill="#e8e2d4" opacity="0.7"/>`).join('')}
<circle cx="${n(c.w * 0.78)}" cy="${n(c.h * 0.1)}" r="${n(40 * s)}" fill="url(#lamp)"/><circle cx="${n(c.w * 0.55)}" cy="${n(c.h * 0.06)}" r="${n(30 * s)}" fill="url(#lamp)"/>
<rect x="-30" y="${n(c.h * 0.58)}" width="${c.w + 60}" height="${n(c.h * 0.42 + 30)}" fill="#4a3222"/>
<rect x="${n(c.w * 0.66)}" y="${n(c.h * 0.34)}" width="${n(c.w * 0.3)}" height="${n(c.h * 0.24)}" fill="#5f8f50"/></g>
<g ${at(c, 0.42, 0.86, 1.25)}>${head(c, mira, '', 2)}</g>
<g ${at(c, 0.68, 0.96, 1.1)}>
<path d="M-40 -150Q-44 -60 -30 -30H40Q54 -60 50 -150Z" fill="#fbfaf6"/>
<ellipse cx="5" cy="-150" rx="45" ry="12" fill="#fbfaf6"/><ellipse cx="5" cy="-150" rx="38" ry="9" fill="#c89466"/>
<path d="M5 -144C-8 -150 -4 -158 5 -154C14 -158 18 -150 5 -144Z" fill="#f6ead8"/>
<path d="M50 -130Q80 -126 74 -100Q70 -80 48 -84" fill="none" stroke="#fbfaf6" stroke-width="9"/>
<path d="M-56 -120Q-70 -100 -60 -60Q-40 -30 -10 -40L10 -110Q-30 -130 -56 -120Z" fill="${mira.skin}"/>
<path d="M-60 -60Q-60 40 -80 60H20Q20 0 -10 -40Z" fill="${mira.top}"/></g>`;
};

/** A hero's head and shoulders in ink and flat colour before an action burst (comic). */
export const comicHero: Subject = (c) => {
  const cx = c.w * 0.5;
  const cy = c.h * 0.42;
  let rays = '';
  for (let i = 0; i < 18; i++) {
    const a0 = (i * Math.PI * 2) / 18;
    const a1 = a0 + Math.PI / 18;
    const r = Math.hypot(c.w, c.h);
    rays += `<path d="M${n(cx)} ${n(cy)}L${n(cx + Math.cos(a0) * r)} ${n(cy + Math.sin(a0) * r)}L${n(cx + Math.cos(a1) * r)} ${n(cy + Math.sin(a1) * r)}Z" fill="#ffd21f"/>`;
  }
  const hero: Person = {
    skin: '#f5b88a',
    shade: '#e8956a',
    hair: '#1b2a8a',
    top: '#e4202a',
    lips: '#c8102e',
    eyes: '#111',
  };
  return `${rect(c.w, c.h, '#ff7a00')}${rays}
<g ${at(c, 0.5, 1.02, 1.12)}>${head(c, hero, '#ffffff', 2)}
<path d="M-30 -60L0 -100L30 -60L0 -20Z" fill="#ffd21f" ${c.ink}/><path d="M-10 -60H10" stroke="#111" stroke-width="6"/></g>`;
};

// Makes the /marketplace page's before/after samples the way a seller's set is made: an ordinary
// product photo (drawn here: a thermos on a kitchen table by a wall), the Replicate emulator's own
// background removal and background replacement run on it (the same code the demo mode serves),
// then three Wildberries cards rendered by @kadr/cards with Russian text that passes the
// marketplace's rules: the main card and a features card on the cut-out, an in-use card on the
// new scene. Nothing is downloaded and no model runs, so the output is ours
// to publish, as AVIF and WebP like the other landing pictures. Run `npm run samples -w @kadr/web`
// and commit apps/web/public/samples/marketplace.
//
// A script may import the emulator (production code may not): the tools are taken from its source.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readCardFile, renderCard } from '@kadr/cards';
import { checkCardFile, checkCardTexts, getCardScene, getMarketplacePreset } from '@kadr/catalog';
import type { BrandKit, Slide } from '@kadr/contract';
import sharp from 'sharp';
import { runTool } from '../../../packages/emulators/src/replicate/tools.ts';
import { marketplaceSamples } from '../app/features/landing/images.ts';

const webDir = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(webDir, 'public');

// ── The photo: a seller's snapshot, product in the middle of an ordinary kitchen corner ──────

const W = 1200;
const H = 1500;

function photoSvg(): string {
  // Wall and table fill the frame's edges (the background), with a window's soft light on the
  // wall and grain on the table; the thermos stands in the middle with its own shading.
  const grain = Array.from({ length: 14 }, (_, i) => {
    const y = 1010 + i * 36 + ((i * 37) % 17);
    return `<path d="M0 ${y} C300 ${y - 8} 700 ${y + 10} ${W} ${y - 4}" stroke="#8f6440" stroke-opacity="0.35" stroke-width="3" fill="none"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ece3d6"/><stop offset="1" stop-color="#ddd0bf"/>
    </linearGradient>
    <radialGradient id="light" cx="0.78" cy="0.25" r="0.5">
      <stop offset="0" stop-color="#fbf6ee" stop-opacity="0.9"/><stop offset="1" stop-color="#fbf6ee" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b2835a"/><stop offset="1" stop-color="#9c6f48"/>
    </linearGradient>
    <linearGradient id="body" x1="0" x2="1">
      <stop offset="0" stop-color="#0f3d33"/><stop offset="0.35" stop-color="#2f7a66"/>
      <stop offset="0.55" stop-color="#3f8f78"/><stop offset="1" stop-color="#0c3029"/>
    </linearGradient>
    <linearGradient id="steel" x1="0" x2="1">
      <stop offset="0" stop-color="#4f5962"/><stop offset="0.4" stop-color="#b3bcc4"/>
      <stop offset="0.6" stop-color="#99a3ac"/><stop offset="1" stop-color="#424b53"/>
    </linearGradient>
    <radialGradient id="contact" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#7d5636" stop-opacity="0.8"/><stop offset="1" stop-color="#7d5636" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#wall)"/>
  <rect width="${W}" height="${H}" fill="url(#light)"/>
  <rect y="980" width="${W}" height="${H - 980}" fill="url(#table)"/>
  ${grain}
  <ellipse cx="600" cy="1262" rx="230" ry="26" fill="url(#contact)"/>
  <rect x="470" y="250" width="260" height="120" rx="26" fill="url(#steel)"/>
  <rect x="455" y="355" width="290" height="40" rx="10" fill="#3b434b"/>
  <path d="M460 395 H740 V1200 C740 1240 715 1262 675 1262 H525 C485 1262 460 1240 460 1200 Z" fill="url(#body)"/>
  <rect x="460" y="1150" width="280" height="26" fill="url(#steel)"/>
  <rect x="520" y="560" width="160" height="300" rx="14" fill="#f4efe6"/>
  <rect x="548" y="610" width="104" height="14" rx="7" fill="#2f7a66"/>
  <rect x="548" y="650" width="70" height="10" rx="5" fill="#9aa5a0"/>
  <path d="M600 700 c28 30 40 52 40 72 a40 40 0 0 1 -80 0 c0 -20 12 -42 40 -72z" fill="#2f7a66"/>
</svg>`;
}

// ── The emulator's tools, on files ──────────────────────────────────────────────────────────

async function tool(job: Parameters<typeof runTool>[0], out: string): Promise<Buffer> {
  await runTool(job, { fetch: globalThis.fetch, path: out });
  return readFile(out);
}

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

// ── The cards ───────────────────────────────────────────────────────────────────────────────

const kit: BrandKit = {
  font: 'manrope',
  colours: { text: '#14231f', accent: '#1f7a63', panel: '#ffffff' },
  logo: null,
  badgeStyle: 'pill',
};

const main: Slide = {
  kind: 'main',
  picture: 'cutout',
  title: 'Термобутылка из стали, 500 мл',
  bullets: [
    { text: 'Держит горячее 12 часов', icon: 'clock' },
    { text: 'Не протекает в сумке', icon: 'shield' },
    { text: 'Сталь без запаха', icon: 'leaf' },
  ],
  badge: 'Сталь 18/8',
  callouts: [],
  logo: false,
};

const features: Slide = {
  kind: 'features',
  picture: 'cutout',
  title: 'Берите с собой',
  bullets: [
    { text: 'Двойные стенки: горячее 12 часов, холодное 24', icon: 'snowflake' },
    { text: 'Герметичная крышка с силиконовым кольцом', icon: 'shield' },
    { text: 'Помещается в подстаканник машины', icon: 'check' },
    { text: 'Матовое покрытие не скользит в руке', icon: 'heart' },
  ],
  badge: '',
  callouts: [],
  logo: false,
};

const inUse: Slide = {
  kind: 'in-use',
  picture: 'scene',
  title: 'Дома, в дороге и на работе',
  bullets: [],
  badge: '',
  callouts: [],
  logo: false,
};

async function main_(): Promise<void> {
  const preset = getMarketplacePreset('wildberries');
  const studio = getCardScene('studio-white');
  const kitchen = getCardScene('kitchen');
  if (!preset || !studio || !kitchen) throw new Error('the catalogue lacks a preset or scene');
  const violations = checkCardTexts(
    preset,
    [main, features, inUse].map((slide) => ({
      fields: [
        { field: 'title', text: slide.title },
        { field: 'badge', text: slide.badge },
        ...slide.bullets.map((b, i) => ({ field: `bullets.${i}`, text: b.text })),
      ],
      logo: slide.logo,
    })),
  );
  if (violations.length > 0)
    throw new Error(`the texts break rules: ${JSON.stringify(violations)}`);

  const work = await mkdtemp(path.join(tmpdir(), 'kadr-samples-'));
  try {
    const photo = await sharp(Buffer.from(photoSvg())).png().toBuffer();
    const cutout = await tool(
      {
        tool: 'remove-background',
        format: 'png',
        image: { url: dataUri(photo), field: 'image' },
        preservePartialAlpha: false,
      },
      path.join(work, 'cutout.png'),
    );
    const scene = await tool(
      {
        tool: 'generate-background',
        format: 'png',
        image: { url: dataUri(cutout), field: 'image' },
        prompt: kitchen.prompt,
        originalQuality: false,
        seed: 36,
      },
      path.join(work, 'scene.png'),
    );
    const render = async (slide: Slide, picture: Buffer, index: number) => {
      const card = await renderCard({
        preset,
        slide,
        kit,
        index,
        count: 3,
        picture,
        pictureKind: slide.picture,
        backdrop: studio,
        logo: null,
      });
      const issues = checkCardFile(preset, await readCardFile(card.data));
      if (issues.length > 0) throw new Error(`card ${index}: ${JSON.stringify(issues)}`);
      return card.data;
    };
    const files = [
      { asset: marketplaceSamples.photo, data: photo },
      { asset: marketplaceSamples.main, data: await render(main, cutout, 0) },
      { asset: marketplaceSamples.features, data: await render(features, cutout, 1) },
      { asset: marketplaceSamples.inUse, data: await render(inUse, scene, 2) },
    ];
    for (const { asset, data } of files) {
      const out = path.join(publicDir, asset.src);
      await mkdir(path.dirname(out), { recursive: true });
      const sized = sharp(data).resize(asset.width, asset.height, { fit: 'cover' });
      const webp = await sized.clone().webp({ quality: 80, effort: 6 }).toBuffer();
      const avif = await sized.clone().avif({ quality: 55, effort: 6 }).toBuffer();
      await writeFile(`${out}.webp`, webp);
      await writeFile(`${out}.avif`, avif);
      console.info(
        `${path.relative(webDir, out)}: ${asset.width}×${asset.height}, WebP ${webp.length} B, AVIF ${avif.length} B`,
      );
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main_();

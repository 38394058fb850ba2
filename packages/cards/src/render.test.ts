import {
  checkCardFile,
  getCardScene,
  getMarketplacePreset,
  type MarketplacePreset,
} from '@kadr/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardFileName, readCardFile, renderCard, renderCardSet } from './index.ts';
import { buildKit, buildSlide } from './test/builders.ts';

function preset(id: string): MarketplacePreset {
  const found = getMarketplacePreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
}

const backdrop = getCardScene('studio-white') ?? { id: 'x', title: { ru: '', en: '' }, prompt: '' };

/** A product cut-out: a bottle on transparency, with transparent margins to trim. */
async function bottle(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
    <rect x="250" y="60" width="100" height="80" rx="10" fill="#222"/>
    <path d="M260 140h80v50c0 25 80 50 80 120v460c0 30-25 50-50 50H230c-25 0-50-20-50-50V310c0-70 80-95 80-120z" fill="#2b7bb9"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('a rendered card file', () => {
  it('is a 3:4 Wildberries JPEG of 900 × 1200 in sRGB with the profile, within the limit', async () => {
    const wildberries = preset('wildberries');
    const card = await renderCard({
      preset: wildberries,
      slide: buildSlide(),
      kit: buildKit(),
      index: 0,
      count: 5,
      picture: await bottle(),
      pictureKind: 'cutout',
      backdrop,
      logo: null,
    });
    expect(card).toMatchObject({ width: 900, height: 1200, format: 'jpeg', mime: 'image/jpeg' });
    const facts = await readCardFile(card.data);
    expect(facts).toEqual({
      width: 900,
      height: 1200,
      bytes: card.data.length,
      format: 'jpeg',
      space: 'srgb',
    });
    expect(card.bytes).toBe(card.data.length);
    expect(card.bytes).toBeLessThanOrEqual(wildberries.maxBytes);
    expect(checkCardFile(wildberries, facts)).toEqual([]);
    const meta = await sharp(card.data).metadata();
    expect(meta.icc?.length ?? 0).toBeGreaterThan(0);
  });

  it('lowers the JPEG quality until the file is within the preset limit', async () => {
    const noise = await sharp({
      create: {
        width: 1200,
        height: 1600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const render = (maxBytes: number) =>
      renderCard({
        preset: { ...preset('wildberries'), maxBytes },
        slide: buildSlide({ kind: 'in-use', picture: 'photo' }),
        kit: buildKit(),
        index: 3,
        count: 5,
        picture: noise,
        pictureKind: 'photo',
        backdrop,
        logo: null,
      });
    const roomy = await render(10 * 1024 * 1024);
    const limit = Math.round(roomy.bytes * 0.6);
    const tight = await render(limit);
    expect(tight.bytes).toBeLessThanOrEqual(limit);
    expect(tight.bytes).toBe(tight.data.length);
    expect(await readCardFile(tight.data)).toMatchObject({
      width: 900,
      height: 1200,
      space: 'srgb',
    });
  });

  it('renders a preview at a smaller width, keeping the ratio', async () => {
    const card = await renderCard({
      preset: preset('ozon'),
      slide: buildSlide({ kind: 'features' }),
      kit: buildKit(),
      index: 1,
      count: 5,
      picture: await bottle(),
      pictureKind: 'cutout',
      backdrop,
      logo: null,
      width: 300,
    });
    expect(await readCardFile(card.data)).toMatchObject({ width: 300, height: 400 });
  });

  it('is named for its place and kind', () => {
    expect(cardFileName(0, buildSlide(), 'jpeg')).toBe('01-main.jpg');
    expect(cardFileName(11, buildSlide({ kind: 'in-use' }), 'png')).toBe('12-in-use.png');
  });
});

describe('a set of cards', () => {
  it('renders every slide, at most two at a time, each handed over once', async () => {
    const kinds = ['main', 'features', 'sizes', 'in-use', 'details'] as const;
    const picture = await bottle();
    const inputs = kinds.map((kind, index) => ({
      preset: preset('wildberries'),
      slide: buildSlide({ kind }),
      kit: buildKit(),
      index,
      count: kinds.length,
      picture,
      pictureKind: 'cutout' as const,
      backdrop,
      logo: null,
      width: 240,
    }));
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await renderCardSet(inputs, async (card, index) => {
      running++;
      most = Math.max(most, running);
      expect(card.width).toBe(240);
      seen.push(index);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    });
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBeLessThanOrEqual(2);
  });
});

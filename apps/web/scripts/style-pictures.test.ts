// @vitest-environment node
// The gallery's examples and the style previews (issue #49) against the pictures the sample
// pipeline wrote (npm run images -w @kadr/web): every file exists in both formats at its size.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type ExampleUseCase, examples, examplesFor, styles } from '@kadr/catalog';
import type SharpModule from 'sharp';
import { describe, expect, it } from 'vitest';
import { stylePreview, stylePreviewIds } from '../app/features/studio/style-previews.ts';

const webDir = join(import.meta.dirname, '..');
const publicDir = join(webDir, 'public');
// As in scripts/make-images.ts: sharp is @kadr/server's dependency, resolved from there.
const sharp = createRequire(join(webDir, '..', 'server', 'package.json'))(
  'sharp',
) as typeof SharpModule;

const formats = ['avif', 'webp'] as const;

async function sizeOf(src: string, format: string): Promise<[number, number, string]> {
  const file = join(publicDir, `${src}.${format}`);
  expect(existsSync(file), `${src}.${format} exists under public/`).toBe(true);
  const { width = 0, height = 0, format: read = '' } = await sharp(file).metadata();
  return [width, height, read];
}

const useCases: ExampleUseCase[] = [
  'smm',
  'marketplace',
  'inspiration',
  'livingPhoto',
  'influencer',
];

describe('examples', () => {
  it('have unique ids', () => {
    const ids = examples.map((example) => example.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('come three to each use case', () => {
    for (const useCase of useCases) expect(examplesFor(useCase), useCase).toHaveLength(3);
    expect(examples).toHaveLength(useCases.length * 3);
  });

  it('have a prompt and a title in both languages', () => {
    for (const example of examples) {
      for (const text of [example.prompt, example.title]) {
        expect(text.ru.trim(), example.id).not.toBe('');
        expect(text.en.trim(), example.id).not.toBe('');
      }
    }
  });

  it('use styles that have a preview', () => {
    const previews: readonly string[] = stylePreviewIds;
    for (const example of examples) expect(previews, example.id).toContain(example.style);
  });

  it('have their pictures in both formats at the declared size', async () => {
    for (const example of examples) {
      const { src, width, height } = example.image;
      expect(src).toBe(`/examples/${example.id}`);
      for (const format of formats) {
        const [w, h, read] = await sizeOf(src, format);
        expect([w, h], `${src}.${format}`).toEqual([width, height]);
        expect(read === 'heif' ? 'avif' : read, `${src}.${format}`).toBe(format);
      }
    }
  });
});

describe('style previews', () => {
  it('have unique ids', () => {
    expect(new Set(stylePreviewIds).size).toBe(stylePreviewIds.length);
  });

  it('are drawn for every style of the catalogue, and only for those', () => {
    expect([...stylePreviewIds].sort()).toEqual(styles.map((style) => style.id).sort());
  });

  it('exist in both formats at 320×400', async () => {
    for (const id of stylePreviewIds) {
      const { src, width, height } = stylePreview(id);
      expect([width, height]).toEqual([320, 400]);
      for (const format of formats) {
        const [w, h, read] = await sizeOf(src, format);
        expect([w, h], `${src}.${format}`).toEqual([320, 400]);
        expect(read === 'heif' ? 'avif' : read, `${src}.${format}`).toBe(format);
      }
    }
  });
});

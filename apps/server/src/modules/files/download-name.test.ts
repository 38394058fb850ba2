import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downloadName, downloadNamePattern } from './download-name.ts';

/** The name as first written (every moment through a `Date`): the faster one must agree with it. */
function reference(
  generation: { model: string; prompt: string; created: Date | string },
  file: { name: string; position: number },
): string {
  const slug = generation.prompt
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const at = new Date(generation.created).toISOString();
  const stamp = `${at.slice(0, 10).replaceAll('-', '')}-${at.slice(11, 19).replaceAll(':', '')}`;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
  const model = generation.model.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const parts = ['kadr', model, slug, stamp, file.position > 0 ? String(file.position + 1) : ''];
  return `${parts.filter(Boolean).join('-')}.${extension}`;
}

describe('downloadName', () => {
  const at = '2026-11-24T15:30:12.345Z';
  it.each([
    [
      { model: 'seedream-3', prompt: 'A lighthouse at dawn!', created: at },
      { name: '0.jpg', position: 0 },
      'kadr-seedream-3-a-lighthouse-at-dawn-20261124-153012.jpg',
    ],
    [
      { model: 'imagen-4-ultra', prompt: 'Маяк на рассвете, туман', created: at },
      { name: '1.png', position: 1 },
      'kadr-imagen-4-ultra-маяк-на-рассвете-туман-20261124-153012-2.png',
    ],
    [
      { model: 'veo-3', prompt: '   ', created: at },
      { name: '0.mp4', position: 0 },
      'kadr-veo-3-20261124-153012.mp4',
    ],
    [
      { model: 'seedream-3', prompt: 'x'.repeat(100), created: at },
      { name: '0.webp', position: 0 },
      `kadr-seedream-3-${'x'.repeat(40)}-20261124-153012.webp`,
    ],
  ])('%j → %s', (generation, file, expected) => {
    const name = downloadName(generation, file);
    expect(name).toBe(expected);
    expect(downloadNamePattern.test(name)).toBe(true);
  });

  it('names every generation as a Date would, for moments as text, as Dates, and anything else', () => {
    const moment = fc.date({
      min: new Date('0000-01-01T00:00:00.000Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    const created = fc.oneof(
      moment,
      // As the stored history records write it, and without its milliseconds.
      moment.map((at) => at.toISOString()),
      moment.map((at) => at.toISOString().replace(/\.\d{3}Z$/, 'Z')),
      // Text no record holds, and the edges of the fast path (the 28th, 29th, 31st, 23:59:59).
      fc.constantFrom(
        '2026-02-28T23:59:59.999Z',
        '2024-02-29T00:00:00Z',
        '2026-01-31T12:00:00.000Z',
        '2026-11-24T15:30:12.345+03:00',
        '2026-11-24 15:30:12',
        '2026-11-24',
        '2026-11-24T15:30:12.3456Z',
        // Dates that roll over (a Date reads them as the next day): never read as text.
        '2026-02-29T00:00:00.000Z',
        '2026-04-31T00:00:00Z',
        '2026-11-24T24:00:00Z',
        'not a date',
      ),
    );
    fc.assert(
      fc.property(
        fc.record({ model: fc.string(), prompt: fc.string({ unit: 'grapheme' }), created }),
        fc.record({ name: fc.string(), position: fc.integer({ min: -1, max: 8 }) }),
        (generation, file) => {
          // The same name, or the same error (an invalid moment).
          const outcome = (name: typeof reference) => {
            try {
              return name(generation, file);
            } catch (error) {
              return `throws ${(error as Error).name}`;
            }
          };
          expect(outcome(downloadName)).toBe(outcome(reference));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps paths, quotes and header breaks out of a name', () => {
    const name = downloadName(
      { model: 'seedream-3', prompt: '../../etc/passwd"\r\nX-Evil: 1', created: at },
      { name: '0.jpg', position: 0 },
    );
    expect(name).toBe('kadr-seedream-3-etc-passwd-x-evil-1-20261124-153012.jpg');
    expect(downloadNamePattern.test('a"b')).toBe(false);
    expect(downloadNamePattern.test('a/b')).toBe(false);
  });
});

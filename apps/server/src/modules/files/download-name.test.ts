import { describe, expect, it } from 'vitest';
import { downloadName, downloadNamePattern } from './download-name.ts';

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

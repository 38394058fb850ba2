import { describe, expect, it } from 'vitest';
import { decodeCsv, readCsvFile } from './csv-file';

/** Windows-1251 as Russian Excel writes it: ASCII as is, А–я from 0xC0, and Ё ё № « ». */
function windows1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (char) => {
    const code = char.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    const other: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '№': 0xb9, '«': 0xab, '»': 0xbb };
    const byte = other[char];
    if (byte === undefined) throw new Error(`no Windows-1251 byte for ${char}`);
    return byte;
  });
}

const russianExcel =
  'Название;Преимущества;Фото\r\nЁлочная игрушка «Шар»;"Стекло; ручная роспись";ball.jpg\r\n';

describe('a product CSV read in the browser', () => {
  it('reads "CSV UTF-8" from Russian Excel: semicolons kept, the byte-order mark dropped', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(russianExcel)]);
    expect(await readCsvFile(new Blob([bytes]))).toEqual({
      outcome: 'read',
      text: russianExcel,
      encoding: 'utf-8',
    });
  });

  it('reads a Windows-1251 file as the Cyrillic it is', () => {
    expect(decodeCsv(windows1251(russianExcel))).toEqual({
      outcome: 'read',
      text: russianExcel,
      encoding: 'windows-1251',
    });
  });

  it('reads UTF-16 with its mark (Excel’s "Unicode text")', () => {
    const units = [0xfeff, ...[...'name,photo\nКружка,mug.jpg'].map((c) => c.charCodeAt(0))];
    const bytes = new Uint8Array(new Uint16Array(units).buffer);
    expect(decodeCsv(bytes)).toMatchObject({
      outcome: 'read',
      text: 'name,photo\nКружка,mug.jpg',
      encoding: 'utf-16',
    });
  });

  it('refuses an Excel workbook and a file that is not text', () => {
    expect(decodeCsv(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toEqual({
      outcome: 'workbook',
    });
    expect(decodeCsv(Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toEqual({
      outcome: 'workbook',
    });
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
    expect(decodeCsv(png)).toEqual({ outcome: 'not_text' });
  });
});

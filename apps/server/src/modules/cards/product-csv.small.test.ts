import { describe, expect, it } from 'vitest';
import { parseProductCsv } from './product-csv.ts';

const photos = new Set(['kettle.jpg', 'mug.png', 'фото 3.jpg']);

describe('parseProductCsv', () => {
  it.each([
    ['comma, LF', 'name,bullets,photo\nKettle,Steel;1.7 l,kettle.jpg\nMug,Ceramic,mug.png\n'],
    [
      'semicolon, CRLF',
      'name;bullets;photo\r\nKettle;"Steel;1.7 l";kettle.jpg\r\nMug;Ceramic;mug.png',
    ],
    [
      'BOM, CR only',
      '\uFEFFname,bullets,photo\rKettle,Steel|1.7 l,kettle.jpg\rMug,Ceramic,mug.png\r',
    ],
    [
      'columns in another order, extra column',
      'photo,sku,name,bullets\nkettle.jpg,1,Kettle,Steel;1.7 l\nmug.png,2,Mug,Ceramic',
    ],
  ])('reads %s', (_, csv) => {
    expect(parseProductCsv(csv, photos)).toEqual({
      outcome: 'parsed',
      rows: [
        { line: 2, name: 'Kettle', bullets: ['Steel', '1.7 l'], photo: 'kettle.jpg' },
        { line: 3, name: 'Mug', bullets: ['Ceramic'], photo: 'mug.png' },
      ],
    });
  });

  it('reads Russian headers, quotes with doubled quotes and line breaks, and skips blank rows', () => {
    const csv = [
      'Название;Преимущества;Фото',
      '"Чайник ""Утро""";"Сталь; 1,7 л',
      'Автоотключение";фото 3.jpg',
      '',
      ';;',
      'Кружка;;mug.png',
    ].join('\n');
    expect(parseProductCsv(csv, photos)).toEqual({
      outcome: 'parsed',
      rows: [
        {
          line: 2,
          name: 'Чайник "Утро"',
          bullets: ['Сталь', '1,7 л\nАвтоотключение'],
          photo: 'фото 3.jpg',
        },
        { line: 6, name: 'Кружка', bullets: [], photo: 'mug.png' },
      ],
    });
  });

  it('names every bad row by its line', () => {
    const csv = [
      'name,bullets,photo',
      ',a,kettle.jpg',
      `${'x'.repeat(81)},a,kettle.jpg`,
      'Six,a;b;c;d;e;f,kettle.jpg',
      `Long bullet,${'y'.repeat(91)},kettle.jpg`,
      'No photo,a,',
      'Unknown,a,other.jpg',
      'Bad\u0000text,a,kettle.jpg',
      'Fine,a,kettle.jpg',
    ].join('\n');
    expect(parseProductCsv(csv, photos)).toEqual({
      outcome: 'invalid',
      problems: [
        { code: 'name_missing', line: 2 },
        { code: 'name_too_long', line: 3, limit: 80 },
        { code: 'too_many_bullets', line: 4, count: 6, limit: 5 },
        { code: 'bullet_too_long', line: 5, limit: 90 },
        { code: 'photo_missing', line: 6 },
        { code: 'photo_unknown', line: 7, name: 'other.jpg' },
        { code: 'bad_characters', line: 8 },
      ],
    });
  });

  it('refuses a file without a column, without products, with too many, or with a quote left open', () => {
    expect(parseProductCsv('name,photo\nKettle,kettle.jpg', photos)).toEqual({
      outcome: 'invalid',
      problems: [{ code: 'missing_column', line: 1, column: 'bullets' }],
    });
    expect(parseProductCsv('\n\nname,bullets,photo\n\n', photos)).toEqual({
      outcome: 'invalid',
      problems: [{ code: 'no_rows', line: null }],
    });
    expect(parseProductCsv('', photos)).toEqual({
      outcome: 'invalid',
      problems: [{ code: 'no_rows', line: null }],
    });
    const many = ['name,bullets,photo', ...Array.from({ length: 101 }, () => 'A,b,mug.png')];
    expect(parseProductCsv(many.join('\n'), photos)).toEqual({
      outcome: 'invalid',
      problems: [{ code: 'too_many_rows', line: null, count: 101, limit: 100 }],
    });
    expect(
      parseProductCsv('name,bullets,photo\nA,b,mug.png\nB,"open\n\nC,d,mug.png', photos),
    ).toEqual({ outcome: 'invalid', problems: [{ code: 'unclosed_quote', line: 3 }] });
  });

  it('refuses text whose letters were lost to another encoding, naming the first such line', () => {
    // A Windows-1251 file read as UTF-8: each Cyrillic byte became U+FFFD, the header's too.
    const bytes = Buffer.from([0xcd, 0xe0, 0xe7, 0xe2, 0xe0, 0xed, 0xe8, 0xe5]);
    const header = new TextDecoder().decode(bytes);
    expect(parseProductCsv(`${header};bullets;photo\nA;b;mug.png`, photos)).toEqual({
      outcome: 'invalid',
      problems: [{ code: 'not_utf8', line: 1 }],
    });
    expect(
      parseProductCsv('name;bullets;photo\r\nA;b;mug.png\r\nB\uFFFD;b;mug.png', photos),
    ).toEqual({ outcome: 'invalid', problems: [{ code: 'not_utf8', line: 3 }] });
  });

  it('takes exactly the row limit', () => {
    const rows = [
      'name,bullets,photo',
      ...Array.from({ length: 100 }, (_, i) => `P${i},b,mug.png`),
    ];
    const parsed = parseProductCsv(rows.join('\n'), photos);
    expect(parsed.outcome === 'parsed' && parsed.rows.map((row) => row.line)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 2),
    );
  });
});

import { cardLimits } from '@kadr/contract';

/** One product of a CSV: the line it starts on (the header is line 1), its texts and photo name. */
export type ProductRow = { line: number; name: string; bullets: string[]; photo: string };

/** What is wrong with a CSV: on a line (from 1), or with the whole file (`line` null). */
export type CsvProblem =
  | { code: 'unclosed_quote'; line: number }
  | { code: 'missing_column'; line: number; column: CsvColumn }
  | { code: 'no_rows'; line: null }
  | { code: 'too_many_rows'; line: null; count: number; limit: number }
  | { code: 'name_missing'; line: number }
  | { code: 'name_too_long'; line: number; limit: number }
  | { code: 'too_many_bullets'; line: number; count: number; limit: number }
  | { code: 'bullet_too_long'; line: number; limit: number }
  | { code: 'photo_missing'; line: number }
  | { code: 'photo_unknown'; line: number; name: string }
  | { code: 'bad_characters'; line: number }
  | { code: 'not_utf8'; line: number };

type CsvColumn = 'name' | 'bullets' | 'photo';

export type ProductCsv =
  | { outcome: 'parsed'; rows: ProductRow[] }
  | { outcome: 'invalid'; problems: CsvProblem[] };

/** Header names each column is known by, in either language, compared lower-cased and trimmed. */
const columnNames: Record<CsvColumn, readonly string[]> = {
  name: ['name', 'title', 'название', 'наименование', 'товар'],
  bullets: ['bullets', 'features', 'преимущества', 'особенности', 'пункты'],
  photo: ['photo', 'image', 'file', 'фото', 'фотография', 'картинка', 'файл'],
};

/** One record as read: the line it starts on and its fields, unquoted. */
type CsvRecord = { line: number; fields: string[] };

/**
 * The records of a CSV text (RFC 4180 with the looseness spreadsheets need): fields separated by
 * `delimiter`, quoted with `"` (a doubled `""` inside is one quote; a quoted field may span lines),
 * records ended by LF, CRLF or CR. Undefined `unclosed` when every quote is closed.
 */
function records(text: string, delimiter: string): { records: CsvRecord[]; unclosed?: number } {
  const found: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 1;
  const endRecord = () => {
    fields.push(field);
    found.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field.trim() === '') {
      // A quote opens a field only at its start (spaces before it are dropped, as spreadsheets do).
      field = '';
      quoted = true;
      quoteLine = line;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { records: found, unclosed: quoteLine };
  if (field !== '' || fields.length > 0) endRecord();
  return { records: found };
}

/** `;` when the header row has more semicolons than commas (outside quotes), else `,`. */
function delimiterOf(text: string): string {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

// Control characters other than tab and line breaks, and broken Unicode, cannot be laid out or
// stored: such a text is refused with its line rather than failing after the batch is charged.
function printable(value: string): boolean {
  if (!value.isWellFormed()) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return false;
    }
  }
  return true;
}

/**
 * A product CSV read (UTF-8 text, with or without a BOM; text that lost letters to another
 * encoding is refused): a header row naming the columns `name`,
 * `bullets` and `photo` (in any order, other columns ignored; Russian names too), then one product
 * per row. Bullets are separated by `;` or `|`; `photo` is a file name among `photos`. Blank rows
 * are skipped. Every problem is listed with its line, in the order of the file.
 */
export function parseProductCsv(raw: string, photos: ReadonlySet<string>): ProductCsv {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  // U+FFFD is what bytes that were not UTF-8 became on the way here (a Windows-1251 file read as
  // UTF-8): said first, since its header's letters are lost too and no column would be found.
  const lost = text.indexOf('\uFFFD');
  if (lost !== -1) {
    const line = (text.slice(0, lost).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
    return { outcome: 'invalid', problems: [{ code: 'not_utf8', line }] };
  }
  const read = records(text, delimiterOf(text));
  if (read.unclosed !== undefined) {
    return { outcome: 'invalid', problems: [{ code: 'unclosed_quote', line: read.unclosed }] };
  }
  const nonBlank = read.records.filter((record) => record.fields.some((f) => f.trim() !== ''));
  const [header, ...body] = nonBlank;
  if (!header) return { outcome: 'invalid', problems: [{ code: 'no_rows', line: null }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const index = {} as Record<CsvColumn, number>;
  const problems: CsvProblem[] = [];
  for (const column of ['name', 'bullets', 'photo'] as const) {
    const at = names.findIndex((name) => columnNames[column].includes(name));
    if (at < 0) problems.push({ code: 'missing_column', line: header.line, column });
    index[column] = at;
  }
  if (problems.length > 0) return { outcome: 'invalid', problems };
  if (body.length === 0) return { outcome: 'invalid', problems: [{ code: 'no_rows', line: null }] };
  if (body.length > cardLimits.csvRows) {
    const limit = cardLimits.csvRows;
    return {
      outcome: 'invalid',
      problems: [{ code: 'too_many_rows', line: null, count: body.length, limit }],
    };
  }
  const rows: ProductRow[] = [];
  for (const { line, fields } of body) {
    const cell = (column: CsvColumn) => (fields[index[column]] ?? '').trim();
    const name = cell('name');
    const bullets = cell('bullets')
      .split(/[;|]/)
      .map((bullet) => bullet.trim())
      .filter((bullet) => bullet !== '');
    const photo = cell('photo');
    const before = problems.length;
    if (![name, photo, ...bullets].every(printable))
      problems.push({ code: 'bad_characters', line });
    if (name === '') problems.push({ code: 'name_missing', line });
    else if (name.length > cardLimits.name) {
      problems.push({ code: 'name_too_long', line, limit: cardLimits.name });
    }
    if (bullets.length > cardLimits.bullets) {
      const limit = cardLimits.bullets;
      problems.push({ code: 'too_many_bullets', line, count: bullets.length, limit });
    } else if (bullets.some((bullet) => bullet.length > cardLimits.bullet)) {
      problems.push({ code: 'bullet_too_long', line, limit: cardLimits.bullet });
    }
    if (photo === '') problems.push({ code: 'photo_missing', line });
    else if (!photos.has(photo)) problems.push({ code: 'photo_unknown', line, name: photo });
    if (problems.length === before) rows.push({ line, name, bullets, photo });
  }
  return problems.length > 0 ? { outcome: 'invalid', problems } : { outcome: 'parsed', rows };
}

/**
 * A product CSV as the person's spreadsheet saved it, read into text in the browser. Russian Excel
 * saves "CSV (разделители — запятые)" in Windows-1251 and "CSV UTF-8" with a byte-order mark; both
 * are read as the Cyrillic they are (the server takes UTF-8 text, the BOM dropped either way). A
 * file that is not a CSV at all — an Excel workbook chosen by mistake, or any binary file — is
 * refused before anything is uploaded, with how to save it.
 */
export type CsvEncoding = 'utf-8' | 'utf-16' | 'windows-1251';

export type CsvFile =
  | { outcome: 'read'; text: string; encoding: CsvEncoding }
  | { outcome: 'workbook' }
  | { outcome: 'not_text' };

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, at) => bytes[at] === byte);

/** Reads the file's bytes as text in the encoding they are in. */
export async function readCsvFile(file: Blob): Promise<CsvFile> {
  return decodeCsv(new Uint8Array(await file.arrayBuffer()));
}

export function decodeCsv(bytes: Uint8Array): CsvFile {
  // .xlsx (a zip) and the old .xls (an OLE compound file).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { outcome: 'workbook' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { outcome: 'workbook' };
  }
  // Excel's "Unicode text" and some exporters write UTF-16 with its mark.
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const label = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return { outcome: 'read', text: new TextDecoder(label).decode(bytes), encoding: 'utf-16' };
  }
  // A text file has no NUL bytes (a picture, an archive or a PDF has many).
  if (bytes.includes(0)) return { outcome: 'not_text' };
  try {
    // `fatal`: bytes that are not UTF-8 throw instead of becoming U+FFFD; the BOM is dropped.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { outcome: 'read', text, encoding: 'utf-8' };
  } catch {
    // Cyrillic in Windows-1251 is never valid UTF-8 (its letters are single bytes of 0xC0–0xFF),
    // and it is what Russian Windows saves a CSV in unless told otherwise.
    const text = new TextDecoder('windows-1251').decode(bytes);
    return { outcome: 'read', text, encoding: 'windows-1251' };
  }
}

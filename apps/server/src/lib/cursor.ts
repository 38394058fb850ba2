/**
 * Opaque cursors of the pages that go on "after the last item" (`/api/v1` lists, the webhook
 * delivery log): base64url of JSON that only the server reads. A keyset page's position is its last
 * item's created time as PostgreSQL wrote it (text, microseconds kept) and its id.
 */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor's JSON, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A timestamptz as PostgreSQL writes it as text (ISO DateStyle): `2025-01-31 12:00:00.123456+00`. */
const PG_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

/** A keyset position `[created as PostgreSQL wrote it, id]`, the id's shape checked by `id`. */
export function encodeTimeCursor(created: string, id: string): string {
  return encodeCursor([created, id]);
}

/** The position of a cursor made by `encodeTimeCursor`, or undefined when it is not one. */
export function decodeTimeCursor(
  cursor: string,
  id: RegExp,
): { created: string; id: string } | undefined {
  const value = decodeCursor(cursor);
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [created, last] = value as unknown[];
  if (typeof created !== 'string' || typeof last !== 'string') return undefined;
  return PG_TIMESTAMP.test(created) && id.test(last) ? { created, id: last } : undefined;
}

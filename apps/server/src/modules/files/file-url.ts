import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * URLs of stored files. A file is served to its owner's session, or to anyone holding a short-lived
 * signed URL (what the model provider gets for an input image).
 */
export function createFileUrls(options: { publicUrl: string; secret: string }) {
  const sign = (id: string, expires: number) =>
    createHmac('sha256', options.secret).update(`${id}.${expires}`).digest('base64url');

  return {
    path: (id: string, name: string) => `/api/files/${id}/${encodeURIComponent(name)}`,
    absolute(id: string, name: string): string {
      return `${options.publicUrl}${this.path(id, name)}`;
    },
    signed(id: string, name: string, ttlSeconds: number, now = Date.now()): string {
      return this.signedFor(this.path(id, name), id, ttlSeconds, now);
    },
    /**
     * Another of our addresses (`/api/trainings/<id>/pictures.zip`) signed for the thing `id`
     * names, as a file's is: `verify(id, …)` accepts it.
     */
    signedFor(pathname: string, id: string, ttlSeconds: number, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return `${options.publicUrl}${pathname}?expires=${expires}&signature=${sign(id, expires)}`;
    },
    verify(
      id: string,
      expires: string | undefined,
      signature: string | undefined,
      now = Date.now(),
    ) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 < now) return false;
      const expected = Buffer.from(sign(id, Number(expires)));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    /** The file id in one of our own file URLs (absolute, on our origin), or undefined. */
    parseOwn(url: string): { id: string; name: string } | undefined {
      if (!URL.canParse(url)) return undefined;
      const parsed = new URL(url);
      if (parsed.origin !== new URL(options.publicUrl).origin) return undefined;
      const match = /^\/api\/files\/([0-9a-f-]{36})\/([^/]+)$/.exec(parsed.pathname);
      if (!match?.[1] || !match[2]) return undefined;
      return { id: match[1], name: decodeURIComponent(match[2]) };
    },
  };
}

export type FileUrls = ReturnType<typeof createFileUrls>;

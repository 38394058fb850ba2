import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * An outage of the emulated API, played until it is switched back (issue #38's fault suite): every
 * API call is answered with `status` — a 5xx, or 429 with `Retry-After: retryAfterSeconds` — or,
 * with `hold`, is held without an answer, as a provider that accepts connections and hangs. Output
 * files stay deliverable unless `files` is set. Predictions already made keep running and their
 * webhooks are still sent: only the API is away.
 */
export type ReplicateOutage =
  | { status: number; retryAfterSeconds?: number | undefined; files?: boolean | undefined }
  | { hold: true; files?: boolean | undefined };

/**
 * The control route's body: `{status: 503}`, `{status: 429, retry_after: 2}`, `{hold: true}`, each
 * with an optional `files: true`; `{status: null}` ends the outage.
 */
export const outageBodySchema = z.union([
  z.strictObject({ status: z.null() }),
  z.strictObject({
    status: z
      .number()
      .int()
      .refine((status) => status === 429 || (status >= 500 && status <= 599), {
        message: 'status must be 429 or a 5xx',
      }),
    retry_after: z.number().int().min(0).max(3600).optional(),
    files: z.boolean().optional(),
  }),
  z.strictObject({ hold: z.literal(true), files: z.boolean().optional() }),
]);

export function outageFromBody(body: z.output<typeof outageBodySchema>): ReplicateOutage | null {
  if ('hold' in body) return { hold: true, files: body.files };
  if (body.status === null) return null;
  return { status: body.status, retryAfterSeconds: body.retry_after, files: body.files };
}

/** The outage as the control route shows it (the body that would set it). */
export function outageToBody(outage: ReplicateOutage | null): Record<string, unknown> | null {
  if (!outage) return null;
  if ('hold' in outage) return { hold: true, files: outage.files === true };
  return {
    status: outage.status,
    ...(outage.retryAfterSeconds === undefined ? {} : { retry_after: outage.retryAfterSeconds }),
    files: outage.files === true,
  };
}

const TITLES: Record<number, string> = {
  429: 'Request was throttled.',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What an API call gets during an outage, worded as Replicate words its own. */
function answer(reply: FastifyReply, outage: { status: number; retryAfterSeconds?: number }) {
  const { status, retryAfterSeconds } = outage;
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  const detail =
    status === 429
      ? `Request was throttled. Expected available in ${retryAfterSeconds ?? 1} second${retryAfterSeconds === 1 ? '' : 's'}.`
      : 'The service is temporarily unavailable. Please try again later.';
  return reply
    .code(status)
    .type('application/json')
    .send({ title: TITLES[status] ?? 'Server Error', status, detail });
}

/** The switch, and the hook that plays it on the API's requests (never on the control route's). */
export function createOutageSwitch() {
  let outage: ReplicateOutage | null = null;
  let closing = false;
  /** Held requests, woken to look again whenever the outage changes or the app closes. */
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resume of [...waiting]) resume();
  };

  /** Resolves when the outage changes or the caller goes away (then true). */
  function hold(reply: FastifyReply): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (gone: boolean) => {
        waiting.delete(resume);
        reply.raw.off('close', onClose);
        resolve(gone);
      };
      const resume = () => done(false);
      const onClose = () => done(true);
      waiting.add(resume);
      reply.raw.once('close', onClose);
    });
  }

  return {
    get: (): ReplicateOutage | null => outage,
    set(next: ReplicateOutage | null): void {
      outage = next;
      wake();
    },
    /** The app is closing: held requests are answered 503 rather than keep it open. */
    close(): void {
      closing = true;
      wake();
    },
    /** Held requests right now (tests wait for one to arrive). */
    held: (): number => waiting.size,

    /**
     * An onRequest hook: answers or holds the request while an outage is on; lets it through
     * otherwise (a held one, once the outage ends, as if it had just arrived).
     */
    async play(reply: FastifyReply, kind: 'api' | 'files'): Promise<FastifyReply | undefined> {
      for (;;) {
        const now = outage;
        if (!now || (kind === 'files' && now.files !== true)) return undefined;
        if ('status' in now) return answer(reply, now);
        if (closing) return answer(reply, { status: 503 });
        if (await hold(reply)) {
          // The caller gave up while it was held: nothing is processed and nothing is sent.
          reply.hijack();
          reply.raw.destroy();
          return reply;
        }
      }
    },
  };
}

import {
  cookieNames,
  noContentSchema,
  problemSchema,
  referralMaxAgeSeconds,
  referralParam,
  shareBodySchema,
  shareSchema,
  shareStateSchema,
  uuidPattern,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { sendObject } from '../../lib/send-object.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { requireUser } from '../auth/index.ts';
import type {
  SharedFile,
  ShareRevoke,
  ShareService,
  ShareState,
  Sharing,
} from './share.service.ts';
import { goneSharePage, sharePage } from './share-page.ts';

export interface ShareRoutesOptions {
  shares: ShareService;
  publicUrl: string;
}

const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string().max(100) });

/** Every way the share service turns a request down. */
type ShareRefusal = Exclude<
  ShareState | Sharing | ShareRevoke | SharedFile,
  { outcome: 'found' | 'shared' | 'revoked' }
>;

function shareProblem(refusal: ShareRefusal): HttpProblem {
  switch (refusal.outcome) {
    case 'not_found':
      return new HttpProblem(404, 'Generation not found.');
    case 'not_finished':
      return new HttpProblem(409, 'Only a finished result can be shared.');
    case 'nothing_shared':
      return new HttpProblem(404, 'Not found.');
    default:
      return unhandledOutcome(refusal);
  }
}

/**
 * The owner's share link of a result (read, make, revoke) under /api, and the link itself:
 * `/s/:token` (a page without scripts, with social tags), `/s/:token/media` and `/s/:token/poster`.
 */
export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, options) => {
  const { shares, publicUrl } = options;

  app.get(
    '/api/generations/:id/share',
    {
      schema: {
        tags: ['shares'],
        description: 'The live share link of one of the person’s results, or null.',
        params: idParams,
        response: { 200: shareStateSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const state = await shares.read(requireUser(request), request.params.id);
      if (state.outcome !== 'found') throw shareProblem(state);
      return { share: state.share };
    },
  );

  app.post(
    '/api/generations/:id/share',
    {
      schema: {
        tags: ['shares'],
        description:
          'Share a finished result (or change whether its link shows the prompt); the link carries the owner’s referral id.',
        params: idParams,
        body: shareBodySchema,
        response: { 200: shareSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const shared = await shares.share(
        requireUser(request),
        request.params.id,
        request.body.show_prompt,
      );
      if (shared.outcome !== 'shared') throw shareProblem(shared);
      return shared.share;
    },
  );

  app.delete(
    '/api/generations/:id/share',
    {
      schema: {
        tags: ['shares'],
        description: 'Stop sharing: the link answers 404 from now on.',
        params: idParams,
        response: { 204: noContentSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const revoked = await shares.revoke(requireUser(request), request.params.id);
      if (revoked.outcome !== 'revoked') throw shareProblem(revoked);
      return reply.code(204).send(null);
    },
  );

  app.get('/s/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
    const locale = requestLocale(request);
    const shared = await shares.resolve(request.params.token);
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    if (!shared) return reply.code(404).send(goneSharePage({ locale, publicUrl }));
    // The link carries its owner's referral: remembered as a public page's `?ref=` is.
    const ref = (request.query as Record<string, unknown> | undefined)?.[referralParam];
    if (typeof ref === 'string' && uuidPattern.test(ref.trim())) {
      const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${cookieNames.referral}=${ref.trim().toLowerCase()}; Path=/; Max-Age=${referralMaxAgeSeconds}; SameSite=Lax${secure}`,
      );
    }
    return reply.send(sharePage(shared, { locale, publicUrl }));
  });

  for (const which of ['media', 'poster'] as const) {
    app.get(
      `/s/:token/${which}`,
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const file = await shares.file(request.params.token, which);
        if (file.outcome !== 'found') throw shareProblem(file);
        reply.header('content-type', file.mime);
        reply.header('cache-control', 'private, no-store');
        return sendObject(request, reply, file.object);
      },
    );
  }
};

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { createOutboundFetch } from '../../providers/http/outbound-fetch.ts';
import { createMediaTools, type MediaTools } from '../../providers/media/media.ts';
import type { ModelProvider, Prediction } from '../../providers/replicate/replicate.adapter.ts';
import { createGenerationEngine } from './generation.engine.ts';

/**
 * Attack: server-side request forgery. A person names an input image at a private or loopback
 * address (or anywhere not uploaded to Kadr); a provider (or whoever forged its answer) names
 * outputs there, at an allowed name whose DNS points there, or at an allowed
 * host that redirects there. Kadr must fetch none of them: the
 * create is refused with 400 and charges nothing; the generation fails, is refunded once, and the
 * private address never sees a request.
 */
const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let cookie: string;
let userId: string;
/** An "allowed" delivery host whose answer is a redirect to the internal service. */
let redirector: Server;
let redirectorHost: string;
/** The internal service under a name, as an allowed name whose DNS was pointed inside would be. */
let rebindingHost: string;
/** A stand-in for an internal service: every request it gets is a forged one that got through. */
let internal: Server;
let internalHits: string[] = [];
let internalUrl: string;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  internal = createServer((request, response) => {
    internalHits.push(request.url ?? '');
    response.end('secret');
  });
  const internalHost = await listen(internal);
  internalUrl = `http://${internalHost}/latest/meta-data`;
  rebindingHost = internalHost.replace('127.0.0.1', 'localhost');
  redirector = createServer((_request, response) => {
    response.writeHead(302, { location: internalUrl }).end();
  });
  redirectorHost = await listen(redirector);
  t = await buildTestApp({ MAX_RUNNING_GENERATIONS: '0' });
  const user = await buildUser(t.container, { tokens: 30 });
  userId = user.id;
  cookie = await buildSession(t.container, user);
});
afterAll(async () => {
  await t.close();
  internal.close();
  redirector.close();
});

describe('input image URLs', () => {
  it.each([
    ['a loopback address', 'http://127.0.0.1/x.png'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['a private network address', 'http://10.0.0.5/x.png'],
    ['IPv6 loopback', 'http://[::1]/x.png'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['another site', 'https://example.com/x.png'],
    [
      'our own address for a file that is not theirs',
      `${ORIGIN}/api/files/00000000-0000-4000-8000-000000000000/x.png`,
    ],
  ])('%s is refused with 400 and charges nothing', async (_name, url) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, origin: ORIGIN },
      payload: { model: 'flux-kontext-pro', prompt: 'make it blue', input_image: url },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const { rows } = await t.database.pool.query<{ tokens: number }>(
      'select tokens from users where id = $1',
      [userId],
    );
    expect(rows[0]?.tokens).toBe(30);
  });
});

describe('output URLs', () => {
  const media: MediaTools = {
    ...createMediaTools(),
    probe: async () => ({ mime: 'image/png', width: 1, height: 1, durationMs: null }),
    preview: async () => ({ data: Buffer.alloc(1), width: 1, height: 1 }),
  };

  let predictions = 0;
  /**
   * The real engine as production wires it: the delivery-host rule and the outbound fetch. The one
   * difference: `redirectorHost` counts as a delivery host (a CDN whose answer is a redirect), and
   * `localhost:<port of the internal service>` too (an allowed name whose DNS points inside).
   */
  function engineAnswering(output: string, predictionId: string) {
    const prediction: Prediction = {
      id: predictionId,
      status: 'succeeded',
      output: [output],
      error: null,
    };
    const provider: ModelProvider = {
      create: async () => prediction,
      get: async () => prediction,
      findByWebhook: async () => undefined,
      cancel: async () => prediction,
    };
    return createGenerationEngine({
      repositories: t.container.repositories,
      providerHealth: t.container.providerHealth,
      provider,
      translator: { toEnglish: async (text) => text },
      storage: t.container.storage,
      media,
      urls: t.container.fileUrls,
      webhookUrlFor: (id) => `${ORIGIN}/api/webhooks/replicate?request=${id}`,
      publicUrl: ORIGIN,
      deliveryHosts: (host) =>
        host === 'replicate.delivery' ||
        host.endsWith('.replicate.delivery') ||
        host === redirectorHost ||
        host === rebindingHost,
      fetch: createOutboundFetch({ allowInternal: (host) => host === redirectorHost }),
      limits: { imageBytes: 1024 * 1024, videoBytes: 1024 * 1024 },
      logger: { info: () => {}, warn: () => {} },
    });
  }

  it.each([
    ['a loopback address', () => internalUrl],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/iam'],
    ['a look-alike host', () => 'https://replicate.delivery.evil.example/x.png'],
    ['a file: URL', () => 'file:///etc/passwd'],
    ['an allowed name whose DNS points inside', () => `http://${rebindingHost}/latest/meta-data`],
    ['an allowed host redirecting inside', () => `http://${redirectorHost}/out.png`],
  ])('%s: never fetched; the generation fails and is refunded once', async (_name, output) => {
    internalHits = [];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, origin: ORIGIN },
      payload: { model: 'seedream-3', prompt: 'a harbour', translate_prompt: false },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { request_id: string }).request_id;
    const predictionId = `p_out_${++predictions}`;
    const engine = engineAnswering(output(), predictionId);
    // Submitted, and the prediction is already done: its outputs are saved at once, and a failure
    // is retried (the submit's job throws) until the ingest's last attempt settles the request.
    await engine.submit(id, { number: 1, max: 5 }).catch(() => undefined);
    await engine.ingest({ requestId: id, predictionId }, undefined, { number: 5, max: 5 });
    const ended = await t.container.repositories.generations.findById(id);
    // It got as far as saving the outputs, and failed there.
    expect(ended).toMatchObject({
      status: 'failed',
      replicateId: predictionId,
      errorCode: 'save_failed',
      error: 'The result could not be saved.',
    });
    const { rows } = await t.database.pool.query<{ reason: string }>(
      'select reason from token_ledger where generation_id = $1 order by id',
      [id],
    );
    expect(rows.map((r) => r.reason)).toEqual(['generation_debit', 'generation_refund']);
    expect(internalHits).toEqual([]);
    await expectMoneyInvariants(t.database.pool);
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookPoster } from './webhook-poster.ts';

/**
 * Attack: server-side request forgery through a webhook URL a key's owner (or anyone holding the
 * key) chose. With private receivers not allowed, no message may reach this machine, a private
 * network or the metadata service — by address, by a name resolving there, or by a redirect — and
 * a real local receiver must count zero hits.
 */
let server: Server;
let port: number;
let hits: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let answer: (url: string) => { status: number; headers?: Record<string, string> } = () => ({
  status: 204,
});
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      hits.push({ url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/hang') return;
      const { status, headers } = answer(request.url ?? '');
      response.writeHead(status, headers).end('x'.repeat(10_000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  hits = [];
  answer = () => ({ status: 204 });
});

/** A resolver that answers `hooks.example.test` with 127.0.0.1 (a public-looking name inside). */
const insideResolver: LookupFunction = (hostname, options, callback) => {
  const address = hostname === 'hooks.example.test' ? '127.0.0.1' : '203.0.113.9';
  if (options.all) callback(null, [{ address, family: 4 }]);
  else callback(null, address, 4);
};

const message = (url: string) => ({
  url,
  body: '{"type":"generation.completed"}',
  headers: { 'webhook-id': 'msg_test' },
});

describe('the webhook poster with private receivers refused', () => {
  const poster = createWebhookPoster({ allowPrivate: false, lookup: insideResolver });

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/hook`],
    ['a private network', () => 'http://10.0.0.1/hook'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${port}/hook`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/hook`],
    ['a name resolving to loopback', () => `http://hooks.example.test:${port}/hook`],
  ])('refuses %s and sends nothing', async (_what, url) => {
    const result = await poster.post(message(url()));
    expect(result.outcome).toBe('refused');
    expect(result).toMatchObject({ error: expect.stringMatching(/not a public address/) });
    expect(hits).toHaveLength(0);
  });

  it('refuses localhost through the system resolver too', async () => {
    const result = await createWebhookPoster({ allowPrivate: false }).post(
      message(`http://localhost:${port}/hook`),
    );
    expect(result).toMatchObject({ outcome: 'refused' });
    expect(hits).toHaveLength(0);
  });

  it('refuses what is not http(s)', async () => {
    expect(await poster.post(message('file:///etc/passwd'))).toMatchObject({
      outcome: 'refused',
    });
    expect(await poster.post(message('not a url'))).toMatchObject({ outcome: 'refused' });
  });
});

describe('the webhook poster with private receivers allowed (local development)', () => {
  const poster = createWebhookPoster({ allowPrivate: true, timeoutMs: 300 });

  it('POSTs the exact body with its headers and answers the status', async () => {
    answer = () => ({ status: 202 });
    const result = await poster.post(message(`http://127.0.0.1:${port}/hook`));
    expect(result).toEqual({ outcome: 'answered', status: 202 });
    expect(hits).toHaveLength(1);
    expect(hits[0]?.body).toBe('{"type":"generation.completed"}');
    expect(hits[0]?.headers['content-type']).toBe('application/json');
    expect(hits[0]?.headers['webhook-id']).toBe('msg_test');
  });

  it('follows no redirect: a 3xx is the answer, its target is never called', async () => {
    answer = (url) =>
      url === '/moved'
        ? { status: 307, headers: { location: `http://127.0.0.1:${port}/target` } }
        : { status: 200 };
    const result = await poster.post(message(`http://127.0.0.1:${port}/moved`));
    expect(result).toEqual({ outcome: 'answered', status: 307 });
    expect(hits.map((h) => h.url)).toEqual(['/moved']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const result = await poster.post(message(`http://127.0.0.1:${port}/hang`));
    expect(result).toEqual({ outcome: 'unreachable', error: 'no answer within 0.3 s' });
  });

  it('says when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await poster.post(message(`http://127.0.0.1:${gone}/hook`));
    expect(result).toMatchObject({
      outcome: 'unreachable',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});

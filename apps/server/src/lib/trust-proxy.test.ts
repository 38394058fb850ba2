import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { configProblems } from '../../test/config-problems.ts';
import { loadConfig } from '../config.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

/** What a node behind proxies would take as the client's address and protocol. */
async function seenBy(
  trustProxy: string,
  request: { remoteAddress: string; forwardedFor?: string; forwardedProto?: string },
) {
  const config = loadConfig({ TRUST_PROXY: trustProxy });
  const app = Fastify({ trustProxy: fastifyTrustProxy(config.trustProxy) });
  app.get('/', async (req) => ({ ip: req.ip, protocol: req.protocol }));
  try {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: request.remoteAddress,
      headers: {
        ...(request.forwardedFor ? { 'x-forwarded-for': request.forwardedFor } : {}),
        ...(request.forwardedProto ? { 'x-forwarded-proto': request.forwardedProto } : {}),
      },
    });
    return res.json() as { ip: string; protocol: string };
  } finally {
    await app.close();
  }
}

describe('proxy configuration (TRUST_PROXY)', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.5', { addresses: ['10.0.0.5'] }],
    ['10.0.0.5, 172.16.0.0/12,fd00::/8', { addresses: ['10.0.0.5', '172.16.0.0/12', 'fd00::/8'] }],
    ['true', true],
  ])('reads %j as %j', (value, expected) => {
    const config = loadConfig(value === undefined ? {} : { TRUST_PROXY: value });
    expect(config.trustProxy).toEqual(expected);
  });

  it('refuses true in production, naming the fix, among the other problems', () => {
    const problems = configProblems({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://kadr.example',
      SIGNING_SECRET: 'x'.repeat(32),
      REPLICATE_API_TOKEN: 'r8_x',
      REPLICATE_WEBHOOK_SECRET: 'whsec_x',
      TRUST_PROXY: 'true',
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^TRUST_PROXY: true trusts every hop, so any client can fake its address .*set the number of proxies in front \(1 behind one nginx/,
      ),
    ]);
    expect(
      configProblems({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://kadr.example',
        SIGNING_SECRET: 'x'.repeat(32),
        REPLICATE_API_TOKEN: 'r8_x',
        REPLICATE_WEBHOOK_SECRET: 'whsec_x',
        TRUST_PROXY: '1',
      }),
    ).toEqual([]);
  });

  it.each([
    ['-1', '-1 is none of these'],
    ['proxy.internal', 'proxy.internal is none of these'],
    ['10.0.0.5,10.0.0.0/33', '10.0.0.0/33 is none of these'],
    [' , ', 'is none of these'],
  ])('refuses %j', (value, problem) => {
    const [found, ...rest] = configProblems({ TRUST_PROXY: value });
    expect(rest).toEqual([]);
    expect(found).toMatch(/^TRUST_PROXY: must be false, the number of proxies in front/);
    expect(found).toContain(problem);
  });
});

describe('what the node believes of X-Forwarded-*', () => {
  it('false: the socket’s peer, whatever it forwards', async () => {
    expect(
      await seenBy('false', {
        remoteAddress: '10.0.0.5',
        forwardedFor: '185.71.76.1',
        forwardedProto: 'https',
      }),
    ).toEqual({ ip: '10.0.0.5', protocol: 'http' });
  });

  it('a hop count: the address the nearest proxy wrote, not what the client claimed before it', async () => {
    // A proxy that appends: the client's own header, then the address the proxy saw.
    expect(
      await seenBy('1', {
        remoteAddress: '10.0.0.5',
        forwardedFor: '185.71.76.1, 203.0.113.7',
        forwardedProto: 'https',
      }),
    ).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    expect(
      await seenBy('2', { remoteAddress: '10.0.0.5', forwardedFor: '203.0.113.7, 10.0.0.9' }),
    ).toMatchObject({ ip: '203.0.113.7' });
  });

  it('a list of proxies: only a listed peer is believed', async () => {
    const through = { forwardedFor: '203.0.113.7', forwardedProto: 'https' };
    expect(await seenBy('10.0.0.0/24', { remoteAddress: '10.0.0.5', ...through })).toEqual({
      ip: '203.0.113.7',
      protocol: 'https',
    });
    expect(await seenBy('10.0.0.0/24', { remoteAddress: '198.51.100.2', ...through })).toEqual({
      ip: '198.51.100.2',
      protocol: 'http',
    });
  });

  it('true (outside production only): the first address anyone wrote, which a client chooses', async () => {
    expect(
      await seenBy('true', { remoteAddress: '10.0.0.5', forwardedFor: '185.71.76.1, 203.0.113.7' }),
    ).toMatchObject({ ip: '185.71.76.1' });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, isPublicAddress } from './outbound-fetch.ts';

/**
 * Attack: server-side request forgery through a URL someone else chose. The outbound fetch must
 * reach no internal address — given as an address, behind a name, or behind a redirect — and must
 * check the very address it connects to, so a name that answers public first and internal next
 * (DNS rebinding) gains nothing.
 */
let server: Server;
let port: number;
let hits: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/inside` }).end();
      return;
    }
    response.end('inside');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['151.101.1.1', true],
    ['2606:4700::1111', true],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('createOutboundFetch', () => {
  it.each([
    ['an internal address in the URL', () => `http://127.0.0.1:${port}/x`],
    ['a name that resolves inside', () => `http://localhost:${port}/x`],
    ['IPv6 loopback', () => `http://[::1]:${port}/x`],
  ])('refuses %s before connecting', async (_name, url) => {
    hits = [];
    await expect(createOutboundFetch()(url())).rejects.toThrow(/not a public address|refusing/);
    expect(hits).toEqual([]);
  });

  it('checks the answer it connects with: a name that turns internal on the second lookup', async () => {
    hits = [];
    let lookups = 0;
    // First answer public, then internal: a rebinding name. Only one lookup is made, and checked.
    const rebinding: LookupFunction = (_host, _options, callback) => {
      lookups++;
      const address = lookups === 1 ? '127.0.0.1' : '8.8.8.8';
      (callback as (error: null, list: { address: string; family: number }[]) => void)(null, [
        { address, family: 4 },
      ]);
    };
    await expect(
      createOutboundFetch({ lookup: rebinding })(`http://cdn.replicate.delivery:${port}/x`),
    ).rejects.toThrow(/not a public address/);
    expect(lookups).toBe(1);
    expect(hits).toEqual([]);
  });

  it('follows no redirect', async () => {
    hits = [];
    const allowed = createOutboundFetch({ allowInternal: (host) => host === `localhost:${port}` });
    await expect(allowed(`http://localhost:${port}/redirect`)).rejects.toThrow(/redirect/);
    expect(hits).toEqual(['/redirect']);
  });

  it('refuses other schemes', async () => {
    await expect(createOutboundFetch()('file:///etc/passwd')).rejects.toThrow(/file:/);
  });

  it('reaches a host named as allowed inside (the demo emulator), and streams its answer', async () => {
    hits = [];
    const allowed = createOutboundFetch({ allowInternal: (host) => host === `localhost:${port}` });
    const response = await allowed(`http://localhost:${port}/ok`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('inside');
    expect(hits).toEqual(['/ok']);
  });
});

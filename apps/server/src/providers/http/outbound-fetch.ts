import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * Addresses no outbound fetch on someone else's word may reach: this machine, private and
 * link-local networks (the cloud's metadata service among them), shared and reserved ranges.
 */
const internal4 = new BlockList();
const internal6 = new BlockList();
/**
 * IPv6 addresses that carry an IPv4 one (mapped, NAT64): refused whatever they carry. A list of
 * their own, checked only for IPv6 addresses: a BlockList matches IPv4 addresses against IPv6
 * rules through their mapped form, so in one list these would refuse every IPv4 address.
 */
const carriesIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal6.addSubnet(network, prefix, 'ipv6');
}
carriesIpv4.addSubnet('::ffff:0:0', 96, 'ipv6');
carriesIpv4.addSubnet('64:ff9b::', 96, 'ipv6');

/** Whether an IP address is on the public internet (false for anything that is not an address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !internal4.check(address, 'ipv4');
  return !internal6.check(address, 'ipv6') && !carriesIpv4.check(address, 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refusing to connect to ${host}: ${address} is not a public address`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A socket `lookup` that resolves every address of a name and refuses the connection (a
 * `RefusedAddressError`) if any is not public, unless `internalAllowed`; the socket then connects
 * to the very answer that was checked, so no second DNS answer can differ (DNS rebinding).
 */
export function publicOnlyLookup(
  resolve: LookupFunction,
  internalAllowed: boolean,
): LookupFunction {
  return (host, lookupOptions, callback) => {
    resolve(host, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (Array.isArray(addresses) ? addresses : []) as LookupAddress[];
      const refused = list.find((entry) => !isPublicAddress(entry.address));
      if (list.length === 0) return callback(new Error(`no address for ${host}`), '', 0);
      if (refused && !internalAllowed) {
        return callback(new RefusedAddressError(host, refused.address), '', 0);
      }
      if (lookupOptions.all) return callback(null, list);
      const [first] = list;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/**
 * A `fetch` for URLs that come from outside (a model's outputs): it connects only to public
 * addresses, checked on the very address it connects to (no second DNS answer can differ), follows
 * no redirect (a 3xx is an error, or answered as it is with `redirect: 'manual'`), and speaks only http(s). `allowInternal` names the hosts
 * (`host:port`) that may be internal on purpose: the emulator a demo serves itself.
 */
export function createOutboundFetch(
  options: { allowInternal?: (host: string) => boolean; lookup?: LookupFunction } = {},
): typeof fetch {
  const resolve = options.lookup ?? (dnsLookup as LookupFunction);
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`refusing to fetch a ${url.protocol} URL`);
    }
    const internalAllowed = options.allowInternal?.(url.host) === true;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // An address in the URL is connected to without any lookup: check it here.
    if (isIP(hostname) !== 0 && !internalAllowed && !isPublicAddress(hostname)) {
      throw new RefusedAddressError(url.host, hostname);
    }
    // A name: every address the lookup answers must be public, and the socket uses that answer.
    const checkedLookup = publicOnlyLookup(resolve, internalAllowed);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolvePromise, reject) => {
      const request = client.request(
        url,
        {
          method: init?.method ?? 'GET',
          lookup: checkedLookup,
          signal: init?.signal ?? undefined,
          headers: { 'user-agent': 'Kadr', accept: '*/*' },
        },
        (response) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined)
              headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = response.statusCode ?? 502;
          if (status >= 300 && status < 400 && init?.redirect !== 'manual') {
            response.destroy();
            reject(new TypeError(`refusing to follow a redirect from ${url.host}`));
            return;
          }
          const body = status === 204 || status === 304 ? null : Readable.toWeb(response);
          resolvePromise(new Response(body as ReadableStream | null, { status, headers }));
        },
      );
      request.on('error', reject);
      request.end();
    });
  };
}

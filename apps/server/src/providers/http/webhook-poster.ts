import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, publicOnlyLookup, RefusedAddressError } from './outbound-fetch.ts';

/** One message to POST: the URL someone else chose, our signed headers and the exact JSON body. */
interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What became of one POST. */
type WebhookPostResult =
  /** The receiver answered (any status: the caller decides what counts as delivered). */
  | { outcome: 'answered'; status: number }
  /** Never sent: the URL is not http(s), or its address is not public (SSRF). */
  | { outcome: 'refused'; error: string }
  /** Sent or tried, but no answer: DNS, connection, TLS or the timeout. */
  | { outcome: 'unreachable'; error: string };

export interface WebhookPoster {
  post(message: WebhookPost): Promise<WebhookPostResult>;
}

/** How much of a receiver's answer is read before the connection is closed. */
const MAX_ANSWER_BYTES = 4096;

/**
 * POSTs webhook messages to URLs our customers chose (issue #37, ADR 017's rules for outbound
 * requests): only http(s); only public addresses, checked on the very address connected to (the
 * name is resolved once, by `publicOnlyLookup`, and the socket uses that answer); no redirect is
 * followed (a 3xx is just an answer); `timeoutMs` for the whole exchange; the answer's body is read
 * no further than 4 KiB. No connection is pooled: a socket checked for one request is never reused
 * by another. `allowPrivate` turns the address check off (local development and tests only; the
 * configuration refuses it in production). `lookup` replaces DNS (tests).
 */
export function createWebhookPoster(options: {
  allowPrivate: boolean;
  timeoutMs?: number;
  lookup?: LookupFunction;
  userAgent?: string;
}): WebhookPoster {
  const resolve = options.lookup ?? (dnsLookup as LookupFunction);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const lookup = publicOnlyLookup(resolve, options.allowPrivate);
  return {
    async post(message) {
      let url: URL;
      try {
        url = new URL(message.url);
      } catch {
        return { outcome: 'refused', error: 'the webhook URL is not a valid URL' };
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { outcome: 'refused', error: `refused: ${url.protocol} URLs are not sent to` };
      }
      const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
      // An address written in the URL is connected to without a lookup: check it here.
      if (isIP(hostname) !== 0 && !options.allowPrivate && !isPublicAddress(hostname)) {
        return { outcome: 'refused', error: new RefusedAddressError(url.host, hostname).message };
      }
      const client = url.protocol === 'https:' ? https : http;
      const body = Buffer.from(message.body);
      return new Promise<WebhookPostResult>((settle) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            lookup,
            agent: false,
            signal: AbortSignal.timeout(timeoutMs),
            headers: {
              ...message.headers,
              'content-type': 'application/json',
              'content-length': String(body.length),
              'user-agent': options.userAgent ?? 'Kadr-Webhooks/1',
            },
          },
          (response) => {
            const status = response.statusCode ?? 0;
            let read = 0;
            const done = () => {
              response.destroy();
              settle({ outcome: 'answered', status });
            };
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read >= MAX_ANSWER_BYTES) done();
            });
            response.on('end', done);
            response.on('error', done);
          },
        );
        request.on('error', (error: Error) => {
          if (error instanceof RefusedAddressError) {
            settle({ outcome: 'refused', error: error.message });
          } else if (error.name === 'AbortError' || error.name === 'TimeoutError') {
            settle({ outcome: 'unreachable', error: `no answer within ${timeoutMs / 1000} s` });
          } else {
            settle({ outcome: 'unreachable', error: error.message.slice(0, 500) });
          }
        });
        request.end(body);
      });
    },
  };
}

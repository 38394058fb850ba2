import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, buildSession, buildUser } from '../../../test/builders.ts';

/**
 * Attack: a client that opens a live stream and never reads it, while its person's generations keep
 * changing. Without backpressure the server would queue every event for it in memory. It must close
 * such a stream once 256 KB wait unsent (the client reconnects and catches up), and another
 * person's stream must keep getting its events meanwhile.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw HTTP/1.1 stream request; the socket is paused once the answer starts: nothing is read. */
async function stalledStream(cookie: string) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let received = 0;
  let tail = '';
  let ended = false;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    tail = (tail + chunk.toString('latin1')).slice(-4096);
    if (received === chunk.length) socket.pause();
  });
  socket.on('end', () => {
    ended = true;
  });
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET /api/realtime HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  while (received === 0) await sleep(10);
  return {
    socket,
    received: () => received,
    tail: () => tail,
    /** The server ended the answer: the socket closed, or the chunked body's last chunk came. */
    ended: () => ended || tail.endsWith('\r\n0\r\n\r\n'),
  };
}

describe('a live stream nobody reads', () => {
  it('is closed once 256 KB wait unsent; another person keeps getting events', async () => {
    const slowPerson = await buildUser(t.container);
    const other = await buildUser(t.container);
    // Each change is a record of about 200 KB (a long prompt), 60 records changing in turn: about
    // 12 MB, far more than the kernel's socket buffers hold (changes to one record that arrive
    // while it is being read are read once, so distinct records make the volume).
    const big: string[] = [];
    for (let i = 0; i < 60; i++) {
      big.push(await buildGeneration(t.database, slowPerson, { prompt: 'p'.repeat(200_000) }));
    }
    const small = await buildGeneration(t.database, other, { prompt: 'a harbour' });
    const stalled = await stalledStream(await buildSession(t.container, slowPerson));

    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/realtime`, {
      headers: { cookie: await buildSession(t.container, other) },
      signal: controller.signal,
    });
    let otherEvents = 0;
    const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    const pump = (async () => {
      for (;;) {
        const { value, done } = await (reader?.read() ??
          Promise.resolve({ value: undefined, done: true }));
        if (done) return;
        otherEvents += (value ?? '').split('event: generation').length - 1;
      }
    })().catch(() => undefined);

    const { generations } = t.container.repositories;
    const changes = 180;
    const lags: number[] = [];
    for (let i = 0; i < changes; i++) {
      await generations.notify(slowPerson.id, big[i % big.length] ?? '');
      if (i % 30 === 0) {
        // The other person's change must reach them promptly, flood or not.
        const before = otherEvents;
        const sent = Date.now();
        await generations.notify(other.id, small);
        while (otherEvents === before && Date.now() - sent < 5_000) await sleep(5);
        expect(otherEvents).toBeGreaterThan(before);
        lags.push(Date.now() - sent);
      }
      await sleep(2);
    }
    expect(Math.max(...lags)).toBeLessThan(1_000);

    // Read what the server had sent before it gave up: it ends, far short of 300 records.
    stalled.socket.resume();
    const deadline = Date.now() + 10_000;
    while (!stalled.ended() && Date.now() < deadline) await sleep(20);
    expect(stalled.ended()).toBe(true);
    expect(stalled.received()).toBeLessThan((changes * 200_000) / 3);
    expect(stalled.tail()).toContain('event: closed\ndata: {"reason":"slow"}');

    controller.abort();
    await pump;
  });
});

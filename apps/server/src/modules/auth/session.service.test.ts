import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, signInDemo } from '../../../test/builders.ts';
import { decodeRealtimeMessage, type RealtimeMessage } from '../../lib/realtime-messages.ts';
import { createSessionService, hashToken, type RevocationFeed } from './session.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const policy = { idleMs: 60 * 60_000, absoluteMs: 24 * 60 * 60_000 };

/** A revocation feed the test drives by hand. */
function fakeFeed() {
  const listeners = new Set<(message: RealtimeMessage) => void>();
  const watchers = new Set<(listening: boolean) => void>();
  const feed: RevocationFeed = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListening(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
  return {
    feed,
    listening(value: boolean) {
      for (const watcher of watchers) watcher(value);
    },
    /** A notification as PostgreSQL carries it, decoded as the hub decodes it. */
    send(channel: string, payload: string) {
      const message = decodeRealtimeMessage(channel, payload);
      if (message) for (const listener of listeners) listener(message);
    },
  };
}

async function personWithSession(service: ReturnType<typeof createSessionService>) {
  const user = await buildUser(t.container, { name: 'S' });
  const { token } = await service.issue(user.id, {});
  return { userId: user.id, token };
}

async function deleteRow(token: string) {
  await t.database.pool.query('delete from sessions where token_hash = $1', [hashToken(token)]);
}

describe('session cache', () => {
  it('is used only while the revocation feed listens, and forgotten when it stops', async () => {
    const service = createSessionService(t.container.repositories.sessions, policy);
    const feed = fakeFeed();
    service.useRevocationFeed(feed.feed);
    const { userId, token } = await personWithSession(service);

    // Not listening: every resolve reads the database.
    expect(await service.resolve(token)).toEqual({ id: userId });
    expect(service.cachedSessions).toBe(0);

    feed.listening(true);
    expect(await service.resolve(token)).toEqual({ id: userId });
    expect(service.cachedSessions).toBe(1);

    // The feed stops: whatever it might have carried meanwhile is unknown, so nothing is trusted.
    feed.listening(false);
    await deleteRow(token);
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('forgets a session revoked anywhere as soon as the notification arrives', async () => {
    const service = createSessionService(t.container.repositories.sessions, policy);
    const feed = fakeFeed();
    service.useRevocationFeed(feed.feed);
    feed.listening(true);
    const { userId, token } = await personWithSession(service);
    expect(await service.resolve(token)).toEqual({ id: userId });
    // Deleted behind the cache's back: still served from it until told…
    await deleteRow(token);
    expect(await service.resolve(token)).toEqual({ id: userId });
    // …which revoke() on any node does, in the same statement as the delete.
    feed.send('kadr_session', hashToken(token));
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('revoke() on this node forgets at once, without waiting for the notification', async () => {
    const service = createSessionService(t.container.repositories.sessions, policy);
    const feed = fakeFeed();
    service.useRevocationFeed(feed.feed);
    feed.listening(true);
    const one = await personWithSession(service);
    const two = await service.issue(one.userId, {});
    await service.resolve(one.token);
    await service.resolve(two.token);
    expect(service.cachedSessions).toBe(2);
    await service.revoke(one.token);
    expect(await service.resolve(one.token)).toBeUndefined();
    expect(await service.resolve(two.token)).toEqual({ id: one.userId });
    await service.revokeAllFor(one.userId);
    expect(await service.resolve(two.token)).toBeUndefined();
  });

  it('does not keep what a read found if a revocation arrived while it was reading', async () => {
    const service = createSessionService(t.container.repositories.sessions, policy);
    const feed = fakeFeed();
    service.useRevocationFeed(feed.feed);
    feed.listening(true);
    const { userId, token } = await personWithSession(service);
    const reading = service.resolve(token);
    feed.send('kadr_session', hashToken(token));
    expect(await reading).toEqual({ id: userId });
    expect(service.cachedSessions).toBe(0);
  });

  it('never serves a session past its expiry, cached or not', async () => {
    let now = Date.now();
    const service = createSessionService(
      t.container.repositories.sessions,
      policy,
      () => new Date(now),
    );
    const feed = fakeFeed();
    service.useRevocationFeed(feed.feed);
    feed.listening(true);
    const { userId, token } = await personWithSession(service);
    expect(await service.resolve(token)).toEqual({ id: userId });
    now += policy.absoluteMs + 1;
    expect(await service.resolve(token)).toBeUndefined();
  });
});

describe('sessions across nodes', () => {
  it('a session revoked by another node stops working here', async () => {
    const { cookie } = await signInDemo(t.app, { email: 'two-nodes@example.com' });
    const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const token = decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '');
    // Another node: its own service over the same database.
    await createSessionService(t.container.repositories.sessions, policy).revoke(token);
    // The notification travels through PostgreSQL to this node's listener: wait for it to land.
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      status = (await me()).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { cookie } = await signInDemo(t.app, { email: 'expired@example.com' });
    const token = decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '');
    await t.database.pool.query(
      `update sessions set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(token)],
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { type App, buildApp } from '../../app.ts';
import { createContainer } from '../../container.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';

/**
 * Issue #37's acceptance: a revoked key gets 401 at once on every node. Two API nodes as two app
 * instances on one database, each with its own key cache and its own LISTEN connection: node B has
 * the key cached (it would keep it for its 10 s TTL without a notification) when node A revokes it.
 */
let a: TestApp;
let databaseB: DatabaseHandle;
let b: App;
let containerB: ReturnType<typeof createContainer>;

beforeAll(async () => {
  a = await buildTestApp({ WELCOME_TOKENS: '100' });
  databaseB = openDatabase(a.database.url, { max: 3, onError: () => {} });
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  containerB = createContainer(a.config, databaseB, quiet);
  b = await buildApp({ container: containerB, logger: false });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await databaseB.close();
  await a.close();
});

const balanceOn = (app: App, auth: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/balance', headers: auth });

/** Node B caches keys once its hub listens: until then a notification could not reach it. */
async function cachedOnB(auth: Record<string, string>) {
  await expect
    .poll(async () => {
      await balanceOn(b, auth);
      return containerB.keyAuth.cachedKeys;
    })
    .toBeGreaterThan(0);
}

describe('a key revoked on one node', () => {
  it('is refused at once on the other, which had it cached', async () => {
    const person = await signInDemo(a.app);
    const key = await createApiKey(a.app, person.cookie);
    await cachedOnB(key.auth);
    expect((await balanceOn(b, key.auth)).statusCode).toBe(200);
    expect((await balanceOn(a.app, key.auth)).statusCode).toBe(200);

    const revoked = await a.app.inject({
      method: 'DELETE',
      url: `/api/keys/${key.id}`,
      headers: { cookie: person.cookie, origin: 'http://localhost:3000' },
    });
    expect(revoked.statusCode).toBe(200);
    // The node that revoked forgot it before answering.
    expect((await balanceOn(a.app, key.auth)).statusCode).toBe(401);
    // The other hears it at commit: well within its cache's 10 s (expect.poll gives up after 1 s).
    await expect.poll(async () => (await balanceOn(b, key.auth)).statusCode).toBe(401);
  });
});

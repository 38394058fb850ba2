import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { openStream } from '../../../test/sse.ts';
import { type App, buildApp } from '../../app.ts';
import { createContainer } from '../../container.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';

/**
 * Issue #33, point 3: a model an operator switches off on one API node must be refused at once on
 * every other node (not after that node's switch cache expires) and every open page there must
 * hear of it. Two API nodes as two app instances on one database: each has its own switch cache,
 * its own LISTEN connection and its own streams, which is what a second process would have.
 */

const ORIGIN = 'http://localhost:3000';

let a: TestApp;
let databaseB: DatabaseHandle;
let b: App;
let baseB: string;
let operator: { cookie: string };

beforeAll(async () => {
  a = await buildTestApp({ WELCOME_TOKENS: '100' });
  databaseB = openDatabase(a.database.url, { max: 3, onError: () => {} });
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  b = await buildApp({ container: createContainer(a.config, databaseB, quiet), logger: false });
  await b.listen({ host: '127.0.0.1', port: 0 });
  const address = b.server.address();
  baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const email = `switch-${randomUUID().slice(0, 8)}@example.com`;
  await signInDemo(a.app, { email });
  await a.container.admin.setRole(email, 'admin');
  operator = await signInDemo(a.app, { email });
});
afterAll(async () => {
  await b.close();
  await databaseB.close();
  await a.close();
});

const switchOnA = (model: string, enabled: boolean) =>
  a.app.inject({
    method: 'PUT',
    url: `/api/admin/models/${model}`,
    headers: { cookie: operator.cookie, origin: ORIGIN },
    payload: { enabled, reason: enabled ? 'Fixed upstream' : 'Provider returns garbage' },
  });

const modelsOnB = async () => {
  const res = await fetch(`${baseB}/api/models?type=image`);
  const body = (await res.json()) as { items: { id: string }[] };
  return { res, ids: body.items.map((item) => item.id) };
};

describe('a model switched in the console of one node', () => {
  it('is refused at once on another node, whose open streams hear of it, off and on', async () => {
    const person = await signInDemo(b);
    const stream = await openStream(baseB, person.cookie);
    await stream.waitFor((e) => e.event === 'user');
    const createOnB = () =>
      fetch(`${baseB}/api/create-image`, {
        method: 'POST',
        headers: { cookie: person.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'qwen-image', prompt: 'a bowl of ramen' }),
      });

    // Node B has just read the switches: without a notification it would keep them for seconds.
    const before = await modelsOnB();
    expect(before.ids).toContain('qwen-image');
    // No HTTP cache may keep the list either.
    expect(before.res.headers.get('cache-control')).toBe('no-store');

    const started = Date.now();
    expect((await switchOnA('qwen-image', false)).statusCode).toBe(200);
    await stream.waitFor(
      (e) => e.event === 'models' && (e.data as { id: string }).id === 'qwen-image',
    );
    expect((await modelsOnB()).ids).not.toContain('qwen-image');
    const refused = await createOnB();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { type: string }).type).toBe(
      'https://kadr.app/problems/model-off',
    );
    // Well within node B's 2 s cache: the notification, not the cache's expiry, did it.
    expect(Date.now() - started).toBeLessThan(1000);
    const { rows } = await a.database.pool.query(
      'select count(*)::int as n from token_ledger where user_id = $1',
      [person.user.id],
    );
    expect(rows[0].n).toBe(1);

    stream.events.length = 0;
    expect((await switchOnA('qwen-image', true)).statusCode).toBe(200);
    await stream.waitFor(
      (e) => e.event === 'models' && (e.data as { id: string }).id === 'qwen-image',
    );
    expect((await modelsOnB()).ids).toContain('qwen-image');
    expect((await createOnB()).status).toBe(200);
    await stream.close();
  });

  it('reaches every person’s streams on every node, not only the operator’s', async () => {
    const people = await Promise.all([signInDemo(b), signInDemo(b), signInDemo(a.app)]);
    const streams = await Promise.all(people.map((p) => openStream(baseB, p.cookie)));
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'user')));
    expect((await switchOnA('seedream-3', false)).statusCode).toBe(200);
    await Promise.all(
      streams.map((s) =>
        s.waitFor((e) => e.event === 'models' && (e.data as { id: string }).id === 'seedream-3'),
      ),
    );
    expect((await switchOnA('seedream-3', true)).statusCode).toBe(200);
    await Promise.all(streams.map((s) => s.close()));
  });
});

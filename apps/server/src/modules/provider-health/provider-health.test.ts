import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, signInDemo } from '../../../test/builders.ts';

// provider_health's statements on a real PostgreSQL, and the console's overview that reports it.

let t: TestApp;
let operatorCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const email = `health-${randomUUID().slice(0, 8)}@example.com`;
  await signInDemo(t.app, { email });
  await t.container.admin.setRole(email, 'admin');
  operatorCookie = (await signInDemo(t.app, { email })).cookie;
});
afterAll(async () => {
  await t.close();
});

const repository = () => t.container.repositories.providerHealth;

/** How long the pause just recorded for `provider` lasts, in whole seconds. */
async function pauseSeconds(provider: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ s: number }>(
    `select round(extract(epoch from paused_until - now()))::int as s from provider_health
      where provider = $1`,
    [provider],
  );
  return rows[0]?.s ?? Number.NaN;
}

/** The pause ends now, as if its time had passed. */
async function endPause(provider: string): Promise<void> {
  await t.database.pool.query(
    `update provider_health set paused_until = now() - interval '1 second' where provider = $1`,
    [provider],
  );
}

describe('the pause after a 429', () => {
  it('without a Retry-After: 5 s, doubling with each 429 in a row up to 60 s; one met while paused counts no further', async () => {
    const provider = `p-${randomUUID().slice(0, 8)}`;
    const lengths: number[] = [];
    for (let i = 0; i < 6; i++) {
      await repository().pause(provider, undefined);
      lengths.push(await pauseSeconds(provider));
      // Calls made before the pause began answer 429 too: the pause neither grows nor shortens.
      await repository().pause(provider, undefined);
      expect(await pauseSeconds(provider)).toBe(lengths.at(-1));
      await endPause(provider);
    }
    expect(lengths).toEqual([5, 10, 20, 40, 60, 60]);
  });

  it("the provider's Retry-After is kept as it says; a create that goes through starts the doubling again", async () => {
    const provider = `p-${randomUUID().slice(0, 8)}`;
    const until = await repository().pause(provider, 7000);
    expect(await pauseSeconds(provider)).toBe(7);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 6000);
    await endPause(provider);
    await repository().pause(provider, undefined);
    expect(await pauseSeconds(provider)).toBe(10);
    await endPause(provider);
    await repository().recordOk(provider, { accepted: false });
    await repository().pause(provider, undefined);
    expect(await pauseSeconds(provider)).toBe(20);
    await endPause(provider);
    await repository().recordOk(provider, { accepted: true });
    await repository().pause(provider, undefined);
    expect(await pauseSeconds(provider)).toBe(5);
  });

  it('failures count in a row until an answer', async () => {
    const provider = `p-${randomUUID().slice(0, 8)}`;
    await repository().recordFailure(provider, 'HTTP 503');
    await repository().recordFailure(provider, 'timeout');
    expect(await repository().find(provider)).toMatchObject({ failures: 2, lastError: 'timeout' });
    await repository().recordOk(provider, { accepted: false });
    const row = await repository().find(provider);
    expect(row).toMatchObject({ failures: 0, lastError: 'timeout' });
    expect(row?.lastOkAt?.getTime()).toBeGreaterThan(row?.lastErrorAt?.getTime() ?? 0);
  });
});

describe("the console's overview: the provider's health", () => {
  const overview = async () => {
    const res = await t.app.inject({
      url: '/api/admin/overview',
      headers: { cookie: operatorCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { provider: Record<string, unknown> }).provider;
  };

  it('unknown before any call, then failing, rate_limited and ok as the row says; what waits is counted', async () => {
    expect(await overview()).toEqual({
      provider: 'replicate',
      status: 'unknown',
      last_ok: null,
      last_error: null,
      error: null,
      failures: 0,
      paused_until: null,
      waiting: 0,
      storing: 0,
    });

    const person = await signInDemo(t.app);
    const waitFor = async (status: 'pending' | 'processing' | 'failed', what: string) => {
      const id = await buildGeneration(t.database, person.user, { status });
      await t.database.pool.query(
        `update generation_requests set jsondata = jsondata || jsonb_build_object('waiting_for', $2::text)
          where id = $1`,
        [id, what],
      );
    };
    await waitFor('pending', 'model');
    await waitFor('processing', 'storage');
    await waitFor('processing', 'storage');
    await waitFor('failed', 'model');

    await repository().recordFailure('replicate', 'HTTP 503');
    const failing = await overview();
    expect(failing).toMatchObject({
      status: 'failing',
      last_ok: null,
      error: 'HTTP 503',
      failures: 1,
      waiting: 1,
      storing: 2,
    });
    expect(Date.parse(String(failing.last_error))).toBeGreaterThan(Date.now() - 60_000);

    const until = await repository().pause('replicate', 30_000);
    expect(await overview()).toMatchObject({
      status: 'rate_limited',
      paused_until: until.toISOString(),
    });

    await endPause('replicate');
    await repository().recordOk('replicate', { accepted: true });
    expect(await overview()).toMatchObject({ status: 'ok', failures: 0, error: 'HTTP 503' });
  });
});

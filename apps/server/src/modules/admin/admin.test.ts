import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

const cli = fileURLToPath(new URL('../../admin-cli.ts', import.meta.url));
const ORIGIN = 'http://localhost:3000';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WELCOME_TOKENS: '100' });
});
afterAll(async () => {
  await t.close();
});

/** `npm run admin -- …` against this test's database. */
async function admin(
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [cli, ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: t.database.url,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out: out.trim(), err: err.trim() };
}

async function ledgerOf(userId: string) {
  const { rows } = await t.database.pool.query(
    'select delta, reason, actor_id, note from token_ledger where user_id = $1 order by id',
    [userId],
  );
  return rows;
}

/** Every /api/admin route the OpenAPI document lists, with a made-up id where one goes. */
async function adminRoutes(): Promise<{ method: string; url: string }[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
      })),
    );
}

describe('operators', () => {
  it('are made and unmade only from the command line, which ends their sessions and is audited', async () => {
    const email = `operator-${Date.now()}@example.com`;
    const before = await signInDemo(t.app, { email });
    expect(
      (await t.app.inject({ url: '/api/admin/people', headers: { cookie: before.cookie } }))
        .statusCode,
    ).toBe(404);

    const granted = await admin('grant', email.toUpperCase());
    expect(granted.code, granted.err).toBe(0);
    expect(granted.out).toBe(
      `${email.toUpperCase()} is now an operator; their sessions were ended, so they sign in again.`,
    );
    // The session from before the grant has ended.
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: before.cookie } })).statusCode,
    ).toBe(401);
    const after = await signInDemo(t.app, { email });
    const people = await t.app.inject({
      url: `/api/admin/people?q=${encodeURIComponent(email)}`,
      headers: { cookie: after.cookie },
    });
    expect(people.statusCode).toBe(200);
    expect(people.json()).toMatchObject({ items: [{ email, role: 'admin', tokens: 100 }] });
    expect((await admin('grant', email)).out).toBe(`${email} is already an operator.`);

    const audit = await t.app.inject({
      url: `/api/admin/audit?subject=${after.user.id}`,
      headers: { cookie: after.cookie },
    });
    expect(audit.json()).toMatchObject({
      items: [
        {
          actor: 'cli',
          actor_id: null,
          action: 'role.grant',
          subject_type: 'user',
          subject_id: after.user.id,
          before: { role: 'user' },
          after: { role: 'admin' },
        },
      ],
    });

    const revoked = await admin('revoke', email);
    expect(revoked.out).toBe(`${email} is no longer an operator; their sessions were ended.`);
    const again = await signInDemo(t.app, { email });
    expect(
      (await t.app.inject({ url: '/api/admin/people', headers: { cookie: again.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('the command line refuses what it cannot do, in one sentence', async () => {
    expect((await admin('promote', 'a@example.com')).code).toBe(64);
    expect((await admin('grant')).err).toBe(
      'Usage: npm run admin -- grant <email> | revoke <email>',
    );
    const unknown = await admin('grant', 'nobody-at-all@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('No account has the e-mail nobody-at-all@example.com.');
  });

  it('every /api/admin route answers 404 to an ordinary person and to an anonymous one', async () => {
    const routes = await adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const person = await signInDemo(t.app);
    for (const route of routes) {
      for (const headers of [{ cookie: person.cookie, origin: ORIGIN }, { origin: ORIGIN }]) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST' | 'PUT',
          url: route.url,
          headers,
          ...(route.method === 'GET'
            ? {}
            : { payload: { delta: 5, reason: 'a try', enabled: false } }),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      }
    }
    // A malformed request is a 404 as well, not a 400 that would give the route away.
    for (const headers of [{ cookie: person.cookie, origin: ORIGIN }, { origin: ORIGIN }]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/admin/people/${person.user.id}/adjustments`,
        headers,
        payload: { delta: 'lots' },
      });
      expect(bad.statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/admin/audit?limit=x', headers })).statusCode).toBe(
        404,
      );
    }
    expect(await ledgerOf(person.user.id)).toHaveLength(1);
  });

  it('adjust a balance through the ledger, naming the operator and the reason; never below zero', async () => {
    const operatorEmail = `op-${Date.now()}@example.com`;
    await signInDemo(t.app, { email: operatorEmail });
    await admin('grant', operatorEmail);
    const operator = await signInDemo(t.app, { email: operatorEmail });
    const person = await signInDemo(t.app);
    const adjust = (payload: unknown, headers: Record<string, string> = { origin: ORIGIN }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/people/${person.user.id}/adjustments`,
        headers: { cookie: operator.cookie, ...headers },
        payload: payload as Record<string, unknown>,
      });

    const plus = await adjust({ delta: 50, reason: 'Compensation for a failed batch' });
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json()).toEqual({
      user_id: person.user.id,
      delta: 50,
      balance_before: 100,
      balance_after: 150,
    });
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json(),
    ).toMatchObject({
      tokens: 150,
    });
    expect(await ledgerOf(person.user.id)).toEqual([
      { delta: 100, reason: 'welcome', actor_id: null, note: null },
      {
        delta: 50,
        reason: 'adjustment',
        actor_id: operator.user.id,
        note: 'Compensation for a failed batch',
      },
    ]);

    // Refused, and nothing written: below zero, a bad body, no Origin.
    const below = await adjust({ delta: -151, reason: 'Too much' });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ errors: [{ field: 'delta', code: 'below_zero' }] });
    expect((await adjust({ delta: 0, reason: 'Nothing' })).statusCode).toBe(400);
    expect((await adjust({ delta: 5, reason: '' })).statusCode).toBe(400);
    expect((await adjust({ delta: 5, reason: 'No origin' }, {})).statusCode).toBe(403);
    expect(await ledgerOf(person.user.id)).toHaveLength(2);

    const audit = await t.app.inject({
      url: `/api/admin/audit?action=balance.adjust&subject=${person.user.id}`,
      headers: { cookie: operator.cookie },
    });
    expect(audit.json()).toMatchObject({
      items: [
        {
          actor: operatorEmail,
          actor_id: operator.user.id,
          before: { tokens: 100 },
          after: { tokens: 150 },
          reason: 'Compensation for a failed batch',
        },
      ],
    });
    await expectMoneyInvariants(t.database.pool);
  });

  it('the audit log cannot be changed or deleted', async () => {
    await expect(
      t.database.pool.query(`update admin_audit set reason = 'rewritten'`),
    ).rejects.toThrow('admin_audit is append-only');
    await expect(t.database.pool.query('delete from admin_audit')).rejects.toThrow(
      'admin_audit is append-only',
    );
    const { rows } = await t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from admin_audit',
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
  });

  it("an operator's session ends after ADMIN_SESSION_HOURS", async () => {
    const email = `old-op-${Date.now()}@example.com`;
    await signInDemo(t.app, { email });
    await admin('grant', email);
    const operator = await signInDemo(t.app, { email });
    await t.database.pool.query(
      `update sessions set created = now() - interval '13 hours' where user_id = $1`,
      [operator.user.id],
    );
    const res = await t.app.inject({
      url: '/api/admin/people',
      headers: { cookie: operator.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: operator.cookie } })).statusCode,
    ).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

// Text PostgreSQL cannot hold, sent where no catalogue rule looks (the demo sign-in's name).
describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload,
    });
  const users = async () =>
    (await t.database.pool.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n;

  it('a null character is a 400 that changes nothing, not a 500', async () => {
    const before = await users();
    const res = await signUp('{"email":"nul@example.com","name":"a\\u0000b","referral":null}');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, errors: [{ code: 'invalid_characters' }] });
    expect(await users()).toBe(before);
  });

  it('escaped emoji are text like any other', async () => {
    const res = await signUp(
      '{"email":"fox@example.com","name":"fox \\ud83e\\udd8a","referral":null}',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'fox 🦊' });
  });
});

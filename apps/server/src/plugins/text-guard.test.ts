import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { findUnstorableText } from './text-guard.ts';

describe('findUnstorableText', () => {
  it.each([
    ['plain text', { name: 'Анна 🦊', tags: ['a', 'b'] }, undefined],
    ['a null in a value', { name: 'a\u0000b' }, 'name'],
    ['a lone surrogate deep down', { a: { b: [1, 'ok', '\ud800'] } }, 'a.b[2]'],
    ['a null in a key', { 'x\u0000': 1 }, 'x\u0000'],
    ['the body itself', 'text\u0000', 'body'],
    ['numbers, booleans and null', { n: 1, b: true, z: null }, undefined],
  ])('%s → %j', (_case, value, expected) => {
    expect(findUnstorableText(value)).toBe(expected);
  });
});

describe('requests carrying text PostgreSQL cannot store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (email: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, name, referral: null },
    });
  const users = async () =>
    (await t.database.pool.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n;

  it('are refused with 400 naming the field, and change nothing', async () => {
    const before = await users();
    const res = await signUp('nul@example.com', 'a\u0000b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'name', code: 'invalid_characters' }],
    });
    expect(await users()).toBe(before);
  });

  it('in the query too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/models?lang=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'lang', code: 'invalid_characters' }] });
  });

  it('pass when the text is fine', async () => {
    const res = await signUp('fine@example.com', 'Анна 🦊');
    expect(res.statusCode).toBe(200);
  });
});

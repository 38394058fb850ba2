import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

/**
 * Attack: a referral faucet. Eight throwaway sign-ups earned a referrer 200 tokens. The spec's rule
 * stays (25 credits per signed-up friend), but only for a friend whose provider verified their
 * e-mail, never for a second account of the referrer, and at most REFERRAL_DAILY_CAP a day (the
 * rest are paid on later days).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REFERRAL_DAILY_CAP: '3', WELCOME_TOKENS: '0' });
});
afterAll(async () => {
  await t.close();
});

const friend = (email: string, emailVerified: boolean, provider = 'google') => ({
  provider,
  subject: randomUUID(),
  email,
  emailVerified,
  name: 'Friend',
  avatar: null,
});
const tokens = async (id: string) =>
  (await t.container.repositories.users.findById(id))?.tokens ?? -1;

describe('referral bonuses', () => {
  it('eight sign-ups whose e-mail no provider verified earn nothing', async () => {
    const referrer = await buildUser(t.container, { email: `r-${randomUUID()}@example.com` });
    for (let i = 0; i < 8; i++) {
      await t.container.accounts.signIn(
        friend(`throwaway-${i}-${randomUUID()}@example.com`, false, 'vk'),
        referrer.id,
      );
    }
    expect(await tokens(referrer.id)).toBe(0);
    await expectMoneyInvariants(t.database.pool);
  });

  it('a second account of the referrer (their own verified address) earns nothing', async () => {
    const email = `same-${randomUUID()}@example.com`;
    const referrer = await buildUser(t.container, { email });
    await t.container.accounts.signIn(friend(email.toUpperCase(), true), referrer.id);
    expect(await tokens(referrer.id)).toBe(0);
    expect(await t.container.accounts.payDeferredReferrals()).toBe(0);
    expect(await tokens(referrer.id)).toBe(0);
  });

  it('pays at most the daily cap at sign-up; the rest on a later day, each once', async () => {
    const referrer = await buildUser(t.container, { email: `busy-${randomUUID()}@example.com` });
    const friends = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await t.container.accounts.signIn(
        friend(`verified-${i}-${randomUUID()}@example.com`, true),
        referrer.id,
      );
      friends.push(outcome.user.id);
    }
    expect(await tokens(referrer.id)).toBe(3 * 25);
    // The same day, the deferred run finds no room.
    await t.container.accounts.payDeferredReferrals();
    expect(await tokens(referrer.id)).toBe(3 * 25);
    // A day later (today's bonuses moved to yesterday), it pays the other two, and only once.
    await t.database.pool.query(
      `update token_ledger set created = created - interval '1 day'
        where user_id = $1 and reason = 'referral_bonus'`,
      [referrer.id],
    );
    await Promise.all([
      t.container.accounts.payDeferredReferrals(),
      t.container.accounts.payDeferredReferrals(),
    ]);
    expect(await tokens(referrer.id)).toBe(5 * 25);
    const paid = await t.database.pool.query<{ n: number }>(
      `select count(distinct referred_user_id)::int as n from token_ledger
        where user_id = $1 and reason = 'referral_bonus'`,
      [referrer.id],
    );
    expect(paid.rows[0]?.n).toBe(5);
    await expectMoneyInvariants(t.database.pool);
  });

  it('pays the deferred bonus only for accounts that signed up with the link', async () => {
    const referrer = await buildUser(t.container, { email: `old-${randomUUID()}@example.com` });
    // An old account, verified, whose referrer an earlier version set when it opened a payment.
    const { user: old } = await t.container.accounts.signIn(
      friend(`old-friend-${randomUUID()}@example.com`, true),
      null,
    );
    await t.database.pool.query('update users set referred_by = $2 where id = $1', [
      old.id,
      referrer.id,
    ]);
    expect(await t.container.accounts.payDeferredReferrals()).toBe(0);
    expect(await tokens(referrer.id)).toBe(0);
    const { user: signedUp } = await t.container.accounts.signIn(
      friend(`new-friend-${randomUUID()}@example.com`, true),
      referrer.id,
    );
    const { rows } = await t.database.pool.query<{ referred_at_signup: boolean }>(
      'select referred_at_signup from users where id = $1',
      [signedUp.id],
    );
    expect(rows[0]?.referred_at_signup).toBe(true);
    expect(await tokens(referrer.id)).toBe(25);
  });

  it('pays 25 credits for a verified friend', async () => {
    const referrer = await buildUser(t.container, { email: `good-${randomUUID()}@example.com` });
    await t.container.accounts.signIn(
      friend(`real-${randomUUID()}@example.com`, true),
      referrer.id,
    );
    expect(await tokens(referrer.id)).toBe(25);
  });
});

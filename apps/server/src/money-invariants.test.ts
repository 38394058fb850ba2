import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildGeneration, buildSession, buildUser } from '../test/builders.ts';
import { expectMoneyInvariants, moneyInvariantViolations } from '../test/money.ts';
import { applyLedgerEntry } from './modules/ledger/ledger.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs `plant` in a transaction that is rolled back, and answers the rules it broke. */
async function brokenBy(plant: (query: (text: string) => Promise<unknown>) => Promise<unknown>) {
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    await plant((text) => client.query(text));
    return (await moneyInvariantViolations(client)).map((found) => found.rule);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('the money invariants kit', () => {
  it('holds on money moved through the ledger', async () => {
    const user = await buildUser(t.container, { tokens: 40 });
    const id = await buildGeneration(t.database, user, { cost: 10 });
    await applyLedgerEntry(t.database.db, {
      userId: user.id,
      delta: -10,
      reason: 'generation_debit',
      generationId: id,
    });
    await applyLedgerEntry(t.database.db, {
      userId: user.id,
      delta: 10,
      reason: 'generation_refund',
      generationId: id,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: await buildSession(t.container, user) },
    });
    expect((me.json() as { tokens: number }).tokens).toBe(40);
    await expectMoneyInvariants(t.database.pool);
  });

  it('names each rule a planted change breaks', async () => {
    const user = await buildUser(t.container, { tokens: 40 });
    const id = await buildGeneration(t.database, user, { cost: 10 });
    expect(
      await brokenBy((query) =>
        query(`update users set tokens = tokens + 1 where id = '${user.id}'`),
      ),
    ).toEqual(['balance = Σ ledger ≥ 0']);
    expect(
      await brokenBy(async (query) => {
        await query(`insert into token_ledger (user_id, delta, reason, generation_id)
                     values ('${user.id}', -10, 'generation_debit', '${id}'),
                            ('${user.id}', 12, 'generation_refund', '${id}')`);
        await query(`update users set tokens = tokens + 2 where id = '${user.id}'`);
      }),
    ).toEqual(['every debit has at most one refund, of the same amount']);
    expect(
      await brokenBy((query) =>
        query(`update generation_counts set total = total + 1 where user_id = '${user.id}'`),
      ),
    ).toEqual(['counts = rows']);
    await expect(expectMoneyInvariants(t.database.pool)).resolves.toBeUndefined();
  });

  it('names each payment rule a planted change breaks', async () => {
    const payer = await buildUser(t.container, { tokens: 0 });
    const referrer = await buildUser(t.container, { tokens: 0 });
    const insertPayment = (status: string) => `
      insert into payments (id, user_id, provider, idempotency_key, package_id, amount,
                            amount_minor, currency, tokens, locale, status, succeeded_at,
                            closed_at, referrer_id, commission_tokens)
      values ('00000000-0000-4000-8000-00000000000a', '${payer.id}', 'yookassa', 'k', 'rub-600',
              1300, 130000, 'RUB', 600, 'ru', '${status}',
              ${status === 'succeeded' ? 'now()' : 'null'}, ${status === 'pending' ? 'null' : 'now()'},
              '${referrer.id}', ${status === 'succeeded' ? 300 : 0})`;
    const payment = '00000000-0000-4000-8000-00000000000a';
    const credit = (user: string, delta: number, reason: string, ref = '') =>
      `insert into token_ledger (user_id, delta, reason, payment_id, ref)
       values ('${user}', ${delta}, '${reason}', '${payment}', '${ref}');
       update users set tokens = tokens + ${delta} where id = '${user}'`;
    const paid = async (query: (text: string) => Promise<unknown>) => {
      await query(insertPayment('succeeded'));
      await query(credit(payer.id, 600, 'payment_credit'));
      await query(credit(referrer.id, 300, 'referral_commission'));
    };
    expect(await brokenBy(paid)).toEqual([]);
    expect(await brokenBy((query) => query(insertPayment('succeeded')))).toEqual([
      'a succeeded payment has exactly one credit of its tokens, others none',
      'a referred purchase has exactly one commission, others none',
    ]);
    expect(
      await brokenBy(async (query) => {
        await query(insertPayment('canceled'));
        await query(credit(payer.id, 600, 'payment_credit'));
      }),
    ).toEqual(['a succeeded payment has exactly one credit of its tokens, others none']);
    expect(
      await brokenBy(async (query) => {
        await paid(query);
        await query(credit(referrer.id, 300, 'referral_commission', 'again'));
      }),
    ).toEqual(['a referred purchase has exactly one commission, others none']);
    expect(
      await brokenBy(async (query) => {
        await paid(query);
        await query(credit(payer.id, -100, 'payment_reversal', '1'));
      }),
    ).toEqual(['reversals equal what the payment records and never exceed what was credited']);
    await expect(expectMoneyInvariants(t.database.pool)).resolves.toBeUndefined();
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, buildUser } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry, InsufficientTokensError } from './ledger.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userWith(tokens: number): Promise<string> {
  return (await buildUser(t.container, { tokens })).id;
}

async function state(userId: string) {
  const result = await t.database.db.execute<{ tokens: number; sum: number }>(sql`
    select u.tokens, (select coalesce(sum(delta), 0)::int from token_ledger where user_id = u.id) as sum
    from users u where u.id = ${userId}`);
  return result.rows[0];
}

async function generationFor(userId: string): Promise<string> {
  return buildGeneration(t.database, { id: userId }, { cost: 10 });
}

afterEach(async () => {
  await expectMoneyInvariants(t.database.pool);
});

describe('applyLedgerEntry', () => {
  it('lets exactly as many concurrent debits through as the balance covers', async () => {
    const userId = await userWith(30);
    const ids = await Promise.all(Array.from({ length: 50 }, () => generationFor(userId)));
    const outcomes = await Promise.allSettled(
      ids.map((generationId) =>
        t.database.db.transaction((tx) =>
          applyLedgerEntry(tx, { userId, delta: -10, reason: 'generation_debit', generationId }),
        ),
      ),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof InsufficientTokensError,
    );
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(47);
    expect(await state(userId)).toEqual({ tokens: 0, sum: 0 });
  });

  // Attack: races on money. 50 debits at once against a balance that covers one, 100 rounds: each
  // round exactly one goes through, the balance never goes below zero and equals its ledger.
  it('50 simultaneous debits against a balance covering one, 100 rounds: one each time', async () => {
    for (let round = 0; round < 100; round++) {
      const userId = await userWith(7);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          t.database.db.transaction((tx) =>
            applyLedgerEntry(tx, { userId, delta: -7, reason: 'adjustment' }),
          ),
        ),
      );
      const accepted = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter(
        (o) => o.status === 'rejected' && o.reason instanceof InsufficientTokensError,
      );
      expect([accepted.length, refused.length], `round ${round}`).toEqual([1, 49]);
      expect(await state(userId), `round ${round}`).toEqual({ tokens: 0, sum: 0 });
    }
  });

  it('applies a refund once however often it is replayed', async () => {
    const userId = await userWith(10);
    const generationId = await generationFor(userId);
    await applyLedgerEntry(t.database.db, {
      userId,
      delta: -10,
      reason: 'generation_debit',
      generationId,
    });
    const replays = await Promise.all(
      Array.from({ length: 20 }, () =>
        applyLedgerEntry(t.database.db, {
          userId,
          delta: 10,
          reason: 'generation_refund',
          generationId,
        }),
      ),
    );
    expect(replays.filter((r) => r.applied)).toHaveLength(1);
    expect(await state(userId)).toEqual({ tokens: 10, sum: 10 });
  });

  it('refuses a zero or fractional delta without writing', async () => {
    const userId = await userWith(5);
    await expect(
      applyLedgerEntry(t.database.db, { userId, delta: 0, reason: 'adjustment' }),
    ).rejects.toThrow();
    await expect(
      applyLedgerEntry(t.database.db, { userId, delta: 1.5, reason: 'adjustment' }),
    ).rejects.toThrow();
    expect(await state(userId)).toEqual({ tokens: 5, sum: 5 });
  });

  it('notifies the owner on commit only', async () => {
    const userId = await userWith(0);
    const client = await t.database.pool.connect();
    const heard: string[] = [];
    client.on('notification', (n) => heard.push(n.payload ?? ''));
    await client.query('listen kadr_user');
    await t.database.db
      .transaction(async (tx) => {
        await applyLedgerEntry(tx, { userId, delta: 7, reason: 'adjustment' });
        tx.rollback();
      })
      .catch(() => {});
    await applyLedgerEntry(t.database.db, { userId, delta: 3, reason: 'adjustment' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.query('unlisten kadr_user');
    client.release();
    expect(heard).toEqual([userId]);
  });
});

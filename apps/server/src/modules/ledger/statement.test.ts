import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, signInDemo, signUpVerified } from '../../../test/builders.ts';
import { fakeProvider } from '../../../test/fake-payments.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';
import { applyLedgerEntry } from './ledger.repository.ts';

let t: TestApp;
const rub = fakeProvider({ name: 'yookassa', currency: 'RUB', signed: false });
beforeAll(async () => {
  t = await buildTestApp({ WELCOME_TOKENS: '100' }, { paymentGateways: [rub.gateway] });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectMoneyInvariants(t.database.pool);
});

interface Entry {
  id: string;
  created: string;
  reason: string;
  delta: number;
  balance_after: number;
  generation_id: string | null;
  payment_id: string | null;
}

/** A person with a welcome, a referral bonus, a purchase, a generation and its refund. */
async function personWithHistory() {
  const friend = await signInDemo(t.app, { name: 'Friend' });
  const me = await signUpVerified(t, { name: 'Me', referral: friend.user.id });
  const drive = paymentDriver(t);
  const bought = await drive.open(
    rub,
    friend.cookie,
    { amount: '600', referral: null },
    {
      'accept-language': 'ru',
    },
  );
  rub.pay(bought.providerId);
  await drive.deliver(rub, rub.notification(bought.providerId, 'payment.succeeded'));
  const generationId = await buildGeneration(t.database, friend.user, { cost: 6 });
  await applyLedgerEntry(t.database.db, {
    userId: friend.user.id,
    delta: -6,
    reason: 'generation_debit',
    generationId,
  });
  await applyLedgerEntry(t.database.db, {
    userId: friend.user.id,
    delta: 6,
    reason: 'generation_refund',
    generationId,
  });
  return { friend, me, paymentId: bought.id, generationId };
}

describe('GET /api/ledger', () => {
  it('lists the person’s entries newest first, with the balance after each', async () => {
    const { friend, paymentId, generationId } = await personWithHistory();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ledger',
      headers: { cookie: friend.cookie },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: Entry[]; totalItems: number; totalPages: number };
    expect(page).toMatchObject({ page: 1, perPage: 20, totalItems: 5, totalPages: 1 });
    expect(
      page.items.map(({ reason, delta, balance_after, generation_id, payment_id }) => ({
        reason,
        delta,
        balance_after,
        generation_id,
        payment_id,
      })),
    ).toEqual([
      {
        reason: 'generation_refund',
        delta: 6,
        balance_after: 725,
        generation_id: generationId,
        payment_id: null,
      },
      {
        reason: 'generation_debit',
        delta: -6,
        balance_after: 719,
        generation_id: generationId,
        payment_id: null,
      },
      {
        reason: 'payment_credit',
        delta: 600,
        balance_after: 725,
        generation_id: null,
        payment_id: paymentId,
      },
      {
        reason: 'referral_bonus',
        delta: 25,
        balance_after: 125,
        generation_id: null,
        payment_id: null,
      },
      { reason: 'welcome', delta: 100, balance_after: 100, generation_id: null, payment_id: null },
    ]);
    expect(page.items[0]?.id).toMatch(/^\d+$/);
  });

  it('pages, counts, and shows nobody else’s entries', async () => {
    const { friend, me } = await personWithHistory();
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/ledger?page=2&perPage=2',
      headers: { cookie: friend.cookie },
    });
    expect(second.json()).toMatchObject({ page: 2, perPage: 2, totalItems: 5, totalPages: 3 });
    expect((second.json() as { items: Entry[] }).items.map((e) => e.reason)).toEqual([
      'payment_credit',
      'referral_bonus',
    ]);
    const beyond = await t.app.inject({
      method: 'GET',
      url: '/api/ledger?page=9&perPage=2',
      headers: { cookie: friend.cookie },
    });
    expect(beyond.json()).toMatchObject({ totalItems: 5, items: [] });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/ledger',
      headers: { cookie: me.cookie },
    });
    expect(
      (mine.json() as { items: Entry[] }).items.map((e) => [e.reason, e.balance_after]),
    ).toEqual([['welcome', 100]]);
  });

  it.each(['page=0', 'perPage=501', 'perPage=x'])('refuses ?%s with a 400', async (query) => {
    const { cookie } = await signInDemo(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ledger?${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses anonymous visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ledger' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ledger.csv' })).statusCode).toBe(401);
  });
});

describe('GET /api/ledger.csv', () => {
  it('downloads the whole statement in the reader’s language, with a BOM and a header row', async () => {
    const { friend, paymentId, generationId } = await personWithHistory();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv',
      headers: { cookie: friend.cookie, 'accept-language': 'ru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kadr-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(0, -1).map((line) => line.split(','));
    expect(rows[0]).toEqual(['Дата', 'Операция', 'Кредиты', 'Баланс после', 'Генерация', 'Платёж']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['Возврат за генерацию', '6', '725', generationId, ''],
      ['Генерация', '-6', '719', generationId, ''],
      ['Покупка кредитов', '600', '725', '', paymentId],
      ['Бонус за приглашённого друга', '25', '125', '', ''],
      ['Приветственные кредиты', '100', '100', '', ''],
    ]);
    for (const row of rows.slice(1)) {
      expect(new Date(row[0] ?? '').toISOString()).toBe(row[0]);
    }
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv?lang=en',
      headers: { cookie: friend.cookie },
    });
    expect(english.body.split('\r\n')[0]).toBe(
      '\uFEFFDate,Operation,Credits,Balance after,Generation,Payment',
    );
    expect(english.body).toContain(',Token purchase,600,725,,');
  });

  it('streams long statements in batches with the right running balance', async () => {
    const { cookie, user } = await signInDemo(t.app);
    for (let i = 0; i < 1203; i++) {
      await applyLedgerEntry(t.database.db, { userId: user.id, delta: 1, reason: 'adjustment' });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv?lang=en',
      headers: { cookie },
    });
    const rows = res.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(1204);
    expect(rows.map((row) => Number(row.split(',')[3]))).toEqual(
      Array.from({ length: 1204 }, (_, i) => 1303 - i),
    );
  }, 60_000);
});

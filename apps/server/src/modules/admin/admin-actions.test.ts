import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, signInDemo } from '../../../test/builders.ts';
import { type FakeProvider, fakeProvider } from '../../../test/fake-payments.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';

const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let usd: FakeProvider;
let operator: { cookie: string; user: { id: string; email: string } };

beforeAll(async () => {
  usd = fakeProvider({ name: 'stripe', currency: 'USD', signed: true });
  t = await buildTestApp({ WELCOME_TOKENS: '100' }, { paymentGateways: [usd.gateway] });
  const email = `console-${randomUUID().slice(0, 8)}@example.com`;
  await signInDemo(t.app, { email });
  await t.container.admin.setRole(email, 'admin');
  operator = await signInDemo(t.app, { email });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  // Every operator action keeps each balance the sum of its ledger, and never below zero.
  await expectMoneyInvariants(t.database.pool);
});

/** A request to the console's API as the operator (an allowed Origin for changes). */
function asOperator(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: operator.cookie, ...(method === 'GET' ? {} : { origin: ORIGIN }) },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function auditOf(subject: string) {
  return (await asOperator('GET', `/api/admin/audit?subject=${subject}`)).json().items as {
    action: string;
    actor: string;
    before: unknown;
    after: unknown;
    reason: string;
  }[];
}

async function ledgerOf(userId: string) {
  const { rows } = await t.database.pool.query(
    'select delta, reason, generation_id, actor_id, note from token_ledger where user_id = $1 order by id',
    [userId],
  );
  return rows;
}

describe('a person in the console', () => {
  it('opens with balance, statement, generations, identities, referrals and sessions', async () => {
    const referrer = await signInDemo(t.app);
    const person = await signInDemo(t.app, { referral: referrer.user.id });
    const generation = await buildGeneration(t.database, person.user, { prompt: 'a red fox' });

    const res = await asOperator('GET', `/api/admin/people/${person.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.person).toMatchObject({
      id: person.user.id,
      email: person.user.email,
      tokens: 100,
      role: 'user',
      blocked_at: null,
    });
    expect(detail.statement).toEqual([
      expect.objectContaining({ reason: 'welcome', delta: 100, balance_after: 100 }),
    ]);
    expect(detail.generations).toEqual([
      expect.objectContaining({
        id: generation,
        prompt: 'a red fox',
        user_email: person.user.email,
      }),
    ]);
    expect(detail.identities).toEqual([
      expect.objectContaining({ provider: 'demo', email: person.user.email }),
    ]);
    expect(detail.referrals.referred_by).toMatchObject({ id: referrer.user.id });
    expect(detail.sessions).toHaveLength(1);

    const theirs = (await asOperator('GET', `/api/admin/people/${referrer.user.id}`)).json();
    expect(theirs.referrals.brought).toEqual([expect.objectContaining({ id: person.user.id })]);
    expect((await asOperator('GET', `/api/admin/people/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('ends all sessions of a person, audited', async () => {
    const person = await signInDemo(t.app);
    const end = await asOperator('POST', `/api/admin/people/${person.user.id}/sessions/end`, {
      reason: 'Lost phone',
    });
    expect(end.statusCode, end.body).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: person.cookie } })).statusCode,
    ).toBe(401);
    expect(await auditOf(person.user.id)).toMatchObject([
      { action: 'sessions.end', before: { sessions: 1 }, after: { sessions: 0 } },
    ]);
  });

  it('blocks a person — they cannot sign in and are told why, in their language — and unblocks', async () => {
    const person = await signInDemo(t.app);
    const block = await asOperator('POST', `/api/admin/people/${person.user.id}/block`, {
      reason: 'Chargeback fraud',
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json()).toMatchObject({ blocked_reason: 'Chargeback fraud' });
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: person.cookie } })).statusCode,
    ).toBe(401);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie: person.cookie, origin: ORIGIN },
      payload: { model: 'seedream-3', prompt: 'a cat' },
    });
    expect(created.statusCode).toBe(401);

    const signIn = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        headers: { origin: ORIGIN, 'accept-language': language },
        payload: { email: person.user.email, name: 'Test Person' },
      });
    const ru = await signIn('ru');
    expect(ru.statusCode).toBe(403);
    expect(ru.json().detail).toBe('Ваш аккаунт заблокирован: Chargeback fraud');
    expect(ru.cookies.find((c) => c.name === 'kadr_session')).toBeUndefined();
    expect(ru.cookies.find((c) => c.name === 'kadr_blocked')?.value).toBe('Chargeback fraud');
    expect((await signIn('en')).json().detail).toBe('Your account is blocked: Chargeback fraud');

    expect(
      (await asOperator('POST', `/api/admin/people/${person.user.id}/block`, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await asOperator('POST', `/api/admin/people/${operator.user.id}/block`, {
          reason: 'Myself',
        })
      ).statusCode,
    ).toBe(409);
    const unblock = await asOperator('POST', `/api/admin/people/${person.user.id}/unblock`, {
      reason: 'Bank resolved it',
    });
    expect(unblock.json()).toMatchObject({ blocked_at: null, blocked_reason: null });
    expect((await signIn('en')).statusCode).toBe(200);
    expect((await auditOf(person.user.id)).map((entry) => entry.action)).toEqual([
      'user.unblock',
      'user.block',
    ]);
  });
});

describe('generations in the console', () => {
  it('lists by status, model, person and date, and opens one', async () => {
    const person = await signInDemo(t.app);
    const failed = await buildGeneration(t.database, person.user, {
      status: 'failed',
      model: 'imagen-4-ultra',
    });
    await buildGeneration(t.database, person.user, { status: 'completed' });
    const today = new Date().toISOString().slice(0, 10);
    const list = await asOperator(
      'GET',
      `/api/admin/generations?status=failed&model=imagen-4-ultra&person=${encodeURIComponent(person.user.email)}&from=${today}&to=${today}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ items: [{ id: failed }], has_more: false });
    expect(
      (
        await asOperator('GET', `/api/admin/generations?person=${person.user.id}&to=2000-01-01`)
      ).json().items,
    ).toEqual([]);
    const bad = await asOperator('GET', '/api/admin/generations?from=yesterday');
    expect(bad.statusCode).toBe(400);

    const one = await asOperator('GET', `/api/admin/generations/${failed}`);
    expect(one.json()).toMatchObject({
      id: failed,
      model: 'imagen-4-ultra',
      status: 'failed',
      provider: 'replicate',
      prediction_id: null,
      outputs: [],
      retry_of: null,
    });
  });

  it('refunds a completed generation once, through the ledger, naming the operator', async () => {
    const person = await signInDemo(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie: person.cookie, origin: ORIGIN },
      payload: { model: 'seedream-3', prompt: 'a lighthouse' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().request_id as string;
    const refund = () =>
      asOperator('POST', `/api/admin/generations/${id}/refund`, { reason: 'Blurry result' });
    // Not finished yet: refused, nothing written.
    expect((await refund()).statusCode).toBe(409);
    await t.database.pool.query(
      `update generation_requests set status = 'completed', completed_at = now() where id = $1`,
      [id],
    );
    const { rows } = await t.database.pool.query<{ cost: number }>(
      'select cost from generation_requests where id = $1',
      [id],
    );
    const cost = rows[0]?.cost ?? 0;
    expect(cost).toBeGreaterThan(0);

    const first = await refund();
    expect(first.statusCode, first.body).toBe(200);
    const second = await refund();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errors: [{ code: 'refunded' }] });
    expect(await ledgerOf(person.user.id)).toEqual([
      expect.objectContaining({ reason: 'welcome', delta: 100 }),
      expect.objectContaining({ reason: 'generation_debit', delta: -cost }),
      {
        reason: 'generation_refund',
        delta: cost,
        generation_id: id,
        actor_id: operator.user.id,
        note: 'Blurry result',
      },
    ]);
    expect(await auditOf(id)).toMatchObject([
      {
        action: 'generation.refund',
        actor: operator.user.email,
        before: { tokens: 100 - cost },
        after: { tokens: 100, refunded: cost },
        reason: 'Blurry result',
      },
    ]);
    const detail = (await asOperator('GET', `/api/admin/generations/${id}`)).json();
    expect(detail.refunded).toBe(cost);
    expect(detail.ledger).toHaveLength(2);
    for (const id of ['not-a-generation', 'x'.repeat(36)]) {
      for (const action of ['refund', 'retry']) {
        const res = await asOperator('POST', `/api/admin/generations/${id}/${action}`, {
          reason: 'No such thing',
        });
        expect(res.statusCode).toBe(404);
      }
      expect((await asOperator('GET', `/api/admin/generations/${id}`)).statusCode).toBe(404);
      expect((await asOperator('GET', `/api/admin/payments/${id}`)).statusCode).toBe(404);
      expect((await asOperator('GET', `/api/admin/people/${id}`)).statusCode).toBe(404);
    }
  });

  it('retries a failed generation at no charge, once', async () => {
    const person = await signInDemo(t.app);
    const failed = await buildGeneration(t.database, person.user, {
      status: 'failed',
      prompt: 'a storm at sea',
    });
    const retry = () =>
      asOperator('POST', `/api/admin/generations/${failed}/retry`, { reason: 'Provider outage' });
    const first = await retry();
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().id as string;
    const { rows } = await t.database.pool.query(
      `select user_id, status, cost, jsondata->>'prompt' as prompt, jsondata->>'retry_of' as retry_of
         from generation_requests where id = $1`,
      [id],
    );
    expect(rows).toEqual([
      {
        user_id: person.user.id,
        status: 'pending',
        cost: 0,
        prompt: 'a storm at sea',
        retry_of: failed,
      },
    ]);
    // No token moved: the statement has the welcome entry only.
    expect(await ledgerOf(person.user.id)).toHaveLength(1);
    expect((await retry()).statusCode).toBe(409);
    const completed = await buildGeneration(t.database, person.user, { status: 'completed' });
    expect(
      (await asOperator('POST', `/api/admin/generations/${completed}/retry`, { reason: 'Why' }))
        .statusCode,
    ).toBe(409);
    expect(await auditOf(failed)).toMatchObject([
      { action: 'generation.retry', after: { retry: id, cost: 0 } },
    ]);
  });
});

describe('models in the console', () => {
  it('a model switched off leaves the studio list and refuses creates in both languages', async () => {
    const person = await signInDemo(t.app);
    const models = async () =>
      (
        (await t.app.inject({ url: '/api/models?type=image' })).json().items as { id: string }[]
      ).map((item) => item.id);
    expect(await models()).toContain('qwen-image');
    const off = await asOperator('PUT', '/api/admin/models/qwen-image', {
      enabled: false,
      reason: 'Provider returns garbage',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().items).toContainEqual(
      expect.objectContaining({ id: 'qwen-image', enabled: false }),
    );
    expect(await models()).not.toContain('qwen-image');

    const create = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-image',
        headers: { cookie: person.cookie, origin: ORIGIN, 'accept-language': language },
        payload: { model: 'qwen-image', prompt: 'a bowl of ramen' },
      });
    const ru = await create('ru');
    expect(ru.statusCode).toBe(409);
    expect(ru.json()).toMatchObject({
      type: 'https://kadr.app/problems/model-off',
      detail: 'Модель Qwen Image временно недоступна. Выберите другую модель.',
    });
    expect((await create('en')).json().detail).toBe(
      'Qwen Image is unavailable for now. Please choose another model.',
    );
    expect(await ledgerOf(person.user.id)).toHaveLength(1);

    const on = await asOperator('PUT', '/api/admin/models/qwen-image', {
      enabled: true,
      reason: 'Fixed upstream',
    });
    expect(on.statusCode).toBe(200);
    expect(await models()).toContain('qwen-image');
    expect((await create('en')).statusCode).toBe(200);
    expect((await auditOf('qwen-image')).map((entry) => entry.action)).toEqual([
      'model.on',
      'model.off',
    ]);
    expect(
      (
        await asOperator('PUT', '/api/admin/models/no-such-model', {
          enabled: false,
          reason: 'x y z',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('payments in the console', () => {
  it('refunds a payment through the provider; the tokens come back through the ledger', async () => {
    const drive = paymentDriver(t);
    const person = await signInDemo(t.app);
    const { id, providerId } = await drive.open(usd, person.cookie, {
      amount: '500',
      referral: null,
      currency: 'USD',
    });
    usd.pay(providerId);
    const paid = await drive.deliver(
      usd,
      usd.notification(providerId, 'checkout.session.completed'),
    );
    expect(paid.statusCode).toBe(200);
    expect(await drive.balance(person.user.id)).toBe(600);

    const list = await asOperator(
      'GET',
      `/api/admin/payments?provider=stripe&status=succeeded&person=${person.user.id}`,
    );
    expect(list.json()).toMatchObject({
      items: [{ id, tokens: 500, provider_payment_id: providerId }],
    });

    const refund = await asOperator('POST', `/api/admin/payments/${id}/refund`, {
      reason: 'Bought by mistake',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      id,
      reversed_tokens: 500,
      ledger: [
        expect.objectContaining({ reason: 'payment_credit', delta: 500 }),
        expect.objectContaining({ reason: 'payment_reversal', delta: -500 }),
      ],
      events: [expect.objectContaining({ action: 'payment.refund', reason: 'Bought by mistake' })],
    });
    expect(await drive.balance(person.user.id)).toBe(100);
    // Nothing left to refund; a refund the provider reports again changes nothing.
    expect(
      (await asOperator('POST', `/api/admin/payments/${id}/refund`, { reason: 'Again please' }))
        .statusCode,
    ).toBe(409);
    await drive.deliver(usd, usd.notification(providerId, 'charge.refunded'));
    expect(await drive.balance(person.user.id)).toBe(100);

    // A provider that cannot be reached refunds nothing, and the operator is told so.
    const other = await drive.open(usd, person.cookie, {
      amount: '100',
      referral: null,
      currency: 'USD',
    });
    usd.pay(other.providerId);
    await drive.deliver(usd, usd.notification(other.providerId, 'checkout.session.completed'));
    usd.control.unreachable = true;
    try {
      const failed = await asOperator('POST', `/api/admin/payments/${other.id}/refund`, {
        reason: 'Bought by mistake',
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().detail).toMatch(/^The provider did not refund: /);
    } finally {
      usd.control.unreachable = false;
    }
    expect(await drive.balance(person.user.id)).toBe(200);
    expect(await auditOf(other.id)).toEqual([]);
  });

  it('says what the refund really did: made but not read back, or only accepted (pending)', async () => {
    const drive = paymentDriver(t);
    const person = await signInDemo(t.app);
    const buy = async () => {
      const opened = await drive.open(usd, person.cookie, {
        amount: '100',
        referral: null,
        currency: 'USD',
      });
      usd.pay(opened.providerId);
      await drive.deliver(usd, usd.notification(opened.providerId, 'checkout.session.completed'));
      return opened;
    };
    // The refund is made, but the read after it fails: it stands, and the tokens are taken back
    // by the next reconciliation run — not "nothing was refunded".
    const unread = await buy();
    usd.control.failReads = true;
    let refund: Awaited<ReturnType<typeof asOperator>>;
    try {
      refund = await asOperator('POST', `/api/admin/payments/${unread.id}/refund`, {
        reason: 'Bought by mistake',
      });
    } finally {
      usd.control.failReads = false;
    }
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      refund: { status: 'succeeded', amount_minor: 299, tokens_settled: false },
      reversed_tokens: 0,
    });
    expect(await drive.balance(person.user.id)).toBe(200);
    await t.container.payments.reconcile();
    expect(await drive.balance(person.user.id)).toBe(100);
    // A refund the provider only accepted: the audit says so, with what it was asked for.
    const accepted = await buy();
    usd.control.refundStatus = 'pending';
    try {
      refund = await asOperator('POST', `/api/admin/payments/${accepted.id}/refund`, {
        reason: 'Bought by mistake',
      });
    } finally {
      usd.control.refundStatus = 'succeeded';
    }
    expect(refund.json()).toMatchObject({
      refund: { status: 'pending', amount_minor: 299, tokens_settled: true },
    });
    const [entry] = await auditOf(accepted.id);
    expect(entry).toMatchObject({
      action: 'payment.refund',
      after: expect.objectContaining({ refund_status: 'pending', refund_minor: 299 }),
    });
    // Each operator refund of a payment is its own request to the provider.
    const keys = usd.refunds.map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the overview', () => {
  it('counts sign-ups, generations by status and model, tokens and revenue by period', async () => {
    const res = await asOperator('GET', '/api/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json();
    const { rows } = await t.database.pool.query<{ users: number; generations: number }>(
      `select (select count(*) from users where created >= now() - interval '7 days')::int as users,
              (select count(*) from generation_requests
                where created >= now() - interval '7 days')::int as generations`,
    );
    expect(overview.week.signups).toBe(rows[0]?.users);
    const byStatus = Object.values(overview.week.generations as Record<string, number>);
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe(rows[0]?.generations);
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    for (const model of overview.month.models) {
      expect(model.failure_rate).toBeGreaterThanOrEqual(0);
      expect(model.failure_rate).toBeLessThanOrEqual(1);
    }
  });
});

import { getModel } from '@kadr/catalog';
import { ledgerReasonLabels } from '@kadr/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, signInDemo, signUpVerified } from '../../../test/builders.ts';
import { fakeProvider } from '../../../test/fake-payments.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

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
  const generationId = await buildGeneration(t.database, friend.user, {
    cost: 6,
    prompt:
      'A cosy coffee shop on a rainy evening; "warm" light,\nwet windows and a cat asleep by the stove',
  });
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

/**
 * A CSV file read back as a spreadsheet opens it by double-click, by the rules Excel uses: UTF-8
 * only after a BOM (else the system's ANSI code page, Windows-1251 in Russia), fields split on the
 * system's list separator (`;` in Russian Windows, whose decimal mark is the comma; `,` in English),
 * a field in double quotes may hold the separator, line breaks and doubled quotes.
 */
function openAsSpreadsheet(bytes: Buffer, listSeparator: ';' | ','): string[][] {
  const bom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = bom
    ? bytes.subarray(3).toString('utf8')
    : new TextDecoder('windows-1251').decode(bytes);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === listSeparator) {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The wall-clock time of `iso` in `timeZone`, as `yyyy-mm-dd hh:mm:ss`. */
function wallClock(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' }).replace('T', ' ');
}

describe('GET /api/ledger: what each entry was for', () => {
  it('carries the model and prompt, the package bought, the friend — only the person’s own', async () => {
    const { friend, me, paymentId, generationId } = await personWithHistory();
    // The invited friend buys too: their referrer gets a share, and sees only their name.
    const drive = paymentDriver(t);
    const bought = await drive.open(rub, me.cookie, { amount: '600', referral: null });
    rub.pay(bought.providerId);
    await drive.deliver(rub, rub.notification(bought.providerId, 'payment.succeeded'));

    const read = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/ledger', headers: { cookie } })).json() as {
        items: (Entry & Record<string, unknown>)[];
      };
    const theirs = (await read(friend.cookie)).items;
    const byReason = (reason: string) => theirs.find((entry) => entry.reason === reason);
    expect(byReason('generation_debit')).toMatchObject({
      generation_id: generationId,
      model: 'seedream-3',
      prompt: 'A cosy coffee shop on a rainy evening; "warm" light, wet windows and a cat…',
      payment: null,
      friend: null,
    });
    expect(String(byReason('generation_debit')?.prompt).length).toBeLessThanOrEqual(80);
    expect(byReason('payment_credit')).toMatchObject({
      payment_id: paymentId,
      model: null,
      payment: { provider: 'yookassa', tokens: 600, amount: '1300.00', currency: 'RUB' },
      friend: null,
    });
    expect(byReason('referral_bonus')).toMatchObject({ friend: 'Me', payment: null, model: null });
    expect(byReason('referral_commission')).toMatchObject({
      payment_id: bought.id,
      friend: 'Me',
      // The friend's purchase is theirs: not its package, price or provider.
      payment: null,
    });
    expect(byReason('welcome')).toMatchObject({
      model: null,
      prompt: null,
      payment: null,
      friend: null,
    });
    expect(JSON.stringify(theirs)).not.toContain(me.user.email);

    const mine = (await read(me.cookie)).items;
    expect(mine.find((entry) => entry.reason === 'payment_credit')).toMatchObject({
      payment_id: bought.id,
      payment: { provider: 'yookassa', tokens: 600, currency: 'RUB' },
      friend: null,
    });
    // Nothing of the referrer's generation or purchase reaches the friend's statement.
    expect(JSON.stringify(mine)).not.toContain('coffee');
    expect(JSON.stringify(mine)).not.toContain(friend.user.email);
  });
});

describe('GET /api/ledger.csv', () => {
  it('opens in Russian Excel as columns: BOM, `;`, local dates, the screen’s names', async () => {
    const { friend, paymentId, generationId } = await personWithHistory();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv?tz=Asia%2FYekaterinburg',
      headers: { cookie: friend.cookie, 'accept-language': 'ru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kadr-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = openAsSpreadsheet(res.rawPayload, ';');
    expect(rows[0]).toEqual([
      'Дата (Asia/Yekaterinburg)',
      'Операция',
      'Подробности',
      'Кредиты',
      'Баланс после',
      'Генерация',
      'Платёж',
    ]);
    const model = getModel('seedream-3')?.name;
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      [
        ledgerReasonLabels.ru.generation_refund,
        `${model} · «A cosy coffee shop on a rainy evening; "warm" light, wet windows and a cat…»`,
        '6',
        '725',
        generationId,
        '',
      ],
      [
        'Генерация',
        `${model} · «A cosy coffee shop on a rainy evening; "warm" light, wet windows and a cat…»`,
        '-6',
        '719',
        generationId,
        '',
      ],
      [
        'Покупка кредитов',
        '600 кредитов · 1\u00a0300,00\u00a0₽ · ЮKassa',
        '600',
        '725',
        '',
        paymentId,
      ],
      ['Бонус за приглашённого друга', 'Друг: Me', '25', '125', '', ''],
      ['Приветственный бонус', '', '100', '100', '', ''],
    ]);
    // Dates as Russian Excel reads them, in the zone the header names.
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/ledger', headers: { cookie: friend.cookie } })
    ).json() as { items: Entry[] };
    for (const [index, row] of rows.slice(1).entries()) {
      const match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(row[0] ?? '');
      expect(match, row[0]).not.toBeNull();
      const [, day, month, year, time] = match ?? [];
      expect(`${year}-${month}-${day} ${time}`).toBe(
        wallClock(page.items[index]?.created ?? '', 'Asia/Yekaterinburg'),
      );
    }
  });

  it('names operations as the screen does, and opens in English Excel with `,`', async () => {
    const { friend, paymentId } = await personWithHistory();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv?lang=en',
      headers: { cookie: friend.cookie },
    });
    const rows = openAsSpreadsheet(res.rawPayload, ',');
    expect(rows[0]).toEqual([
      'Date (UTC)',
      'Operation',
      'Details',
      'Credits',
      'Balance after',
      'Generation',
      'Payment',
    ]);
    for (const row of rows) expect(row).toHaveLength(7);
    expect(rows.map((row) => row[1])).toEqual([
      'Operation',
      ...[
        'generation_refund',
        'generation_debit',
        'payment_credit',
        'referral_bonus',
        'welcome',
      ].map((reason) => ledgerReasonLabels.en[reason as keyof typeof ledgerReasonLabels.en]),
    ]);
    expect(rows[3]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'Credit purchase',
      '600 credits · RUB\u00a01,300.00 · YooKassa',
      '600',
      '725',
      '',
      paymentId,
    ]);
    // An unknown zone is the language's default, not an error.
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv?lang=ru&tz=Mars%2FOlympus',
      headers: { cookie: friend.cookie },
    });
    expect(openAsSpreadsheet(odd.rawPayload, ';')[0]?.[0]).toBe('Дата (Europe/Moscow)');
  });

  it('keeps a friend’s name that looks like a formula as text', async () => {
    const inviter = await signInDemo(t.app, { name: 'Inviter' });
    await signUpVerified(t, {
      name: '=HYPERLINK("http://evil.example";"x")',
      referral: inviter.user.id,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ledger.csv?lang=ru',
      headers: { cookie: inviter.cookie },
    });
    const rows = openAsSpreadsheet(res.rawPayload, ';');
    expect(rows[1]?.[2]).toBe('Друг: =HYPERLINK("http://evil.example";"x")');
    for (const row of rows) expect(row).toHaveLength(7);
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
    const rows = openAsSpreadsheet(res.rawPayload, ',').slice(1);
    expect(rows).toHaveLength(1204);
    expect(rows.map((row) => Number(row[4]))).toEqual(
      Array.from({ length: 1204 }, (_, i) => 1303 - i),
    );
  }, 60_000);
});

// Issue #49 point 2, end to end: the prompt improver (ADR 050) — the real server on PostgreSQL,
// Replicate's official client through the production adapter, the demo's emulator answering as the
// language model. Priced by the catalogue, charged once, refunded once when the model fails or a
// node died; refusals charge nothing. Balance = Σ ledger throughout.

import { randomUUID } from 'node:crypto';
import { getStyle, promptImprovementTokens, promptImprover, promptMaxLength } from '@kadr/catalog';
import {
  type LedgerPage,
  type PromptImprovement,
  problemTypes,
  promptImprovementMaxLength,
  promptImprovementProblemTypes,
} from '@kadr/contract';
import { IMPROVER_MARK, IMPROVER_MODEL_REF } from '@kadr/emulators';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import type { App } from '../../app.ts';
import { buildTaskList } from '../../jobs/registry.ts';
import {
  createReplicateProvider,
  type ModelProvider,
} from '../../providers/replicate/replicate.adapter.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * The production adapter, its calls answered by the app's own emulator through `inject`: the
 * same client, HTTP shapes and polling, with no port to listen on.
 */
function injectedFetch(appOf: () => App): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await appOf().inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const answered = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined)
        answered.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: answered,
    });
  };
}

let t: TestApp;
let adapter: ModelProvider | undefined;
/** Built on first use, with the demo's own token and address the app's configuration chose. */
function provider(): ModelProvider {
  adapter ??= createReplicateProvider({
    token: t.config.replicate.token,
    baseUrl: t.config.replicate.baseUrl,
    fetch: injectedFetch(() => t.app),
  });
  return adapter;
}
beforeAll(async () => {
  t = await buildTestApp(
    { EMULATOR_LATENCY_MS: '50' },
    {
      provider: {
        create: (request) => provider().create(request),
        get: (id) => provider().get(id),
        findByWebhook: (webhook, since) => provider().findByWebhook(webhook, since),
        cancel: (id) => provider().cancel(id),
      },
    },
  );
  expect(t.config.replicate.emulated).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

type Person = { id: string; cookie: string };

async function person(tokens = 10): Promise<Person> {
  const user = await buildUser(t.container, { tokens });
  return { id: user.id, cookie: await buildSession(t.container, user) };
}

async function improve(
  who: Person,
  body: Record<string, unknown>,
  options: { lang?: string; key?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/prompts/improve',
    headers: {
      cookie: who.cookie,
      origin: ORIGIN,
      'accept-language': options.lang ?? 'ru',
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: body,
  });
}

async function tokensOf(who: Person): Promise<number> {
  return (await t.container.repositories.users.findById(who.id))?.tokens ?? -1;
}

/** The person's ledger entries about prompt improvements, oldest first. */
async function entries(who: Person) {
  const { rows } = await t.database.pool.query<{
    reason: string;
    delta: number;
    prompt_improvement_id: string | null;
  }>(
    `select reason, delta, prompt_improvement_id from token_ledger
      where user_id = $1 and reason like 'prompt_improvement%' order by id`,
    [who.id],
  );
  return rows;
}

async function improvementsOf(who: Person) {
  const { rows } = await t.database.pool.query<{
    id: string;
    status: string;
    improved: string | null;
    error: string | null;
    cost: number;
  }>(
    `select id, status, improved, error, cost from prompt_improvements
      where user_id = $1 order by created`,
    [who.id],
  );
  return rows;
}

const cat = { prompt: 'кот на подоконнике', model: 'seedream-3', style: 'film-photo' };

describe('the catalogue, the contract and the emulator agree', () => {
  it('on the price, the language model, its mark and the prompt limit', () => {
    expect(promptImprovementTokens).toBe(1);
    expect(promptImprover.provider.ref.model).toBe(IMPROVER_MODEL_REF);
    expect(t.config.replicate.improveModel).toBe(IMPROVER_MODEL_REF);
    expect(promptImprover.marker).toBe(IMPROVER_MARK);
    expect(promptImprovementMaxLength).toBe(promptMaxLength);
  });
});

describe('POST /api/prompts/improve', () => {
  it('rewrites a Russian prompt in Russian for the model and style, charged once', async () => {
    const who = await person(10);
    const res = await improve(who, cat);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PromptImprovement;
    const style = getStyle('film-photo');
    expect(answer).toMatchObject({
      prompt: 'кот на подоконнике',
      model: 'seedream-3',
      style: 'film-photo',
      cost: 1,
      balance: 9,
    });
    expect(answer.improved.startsWith('Кот на подоконнике — ')).toBe(true);
    expect(answer.improved).toContain(`Стиль «${style?.name.ru}»`);
    expect(answer.improved).toContain(style?.description.ru.slice(1) ?? '-');
    expect(answer.improved.length).toBeGreaterThan(100);
    expect(answer.improved.length).toBeLessThanOrEqual(promptMaxLength);
    expect(answer.improved).not.toMatch(/\n/);
    expect(await tokensOf(who)).toBe(9);
    const [row] = await improvementsOf(who);
    expect(row).toMatchObject({ id: answer.id, status: 'succeeded', improved: answer.improved });
    // Exactly one −1, keyed by the improvement.
    expect(await entries(who)).toEqual([
      { reason: 'prompt_improvement_debit', delta: -1, prompt_improvement_id: answer.id },
    ]);
    // The statement names it, with the model and the prompt it was for.
    const statement = (
      await t.app.inject({ method: 'GET', url: '/api/ledger', headers: { cookie: who.cookie } })
    ).json() as LedgerPage;
    expect(statement.items[0]).toMatchObject({
      reason: 'prompt_improvement_debit',
      delta: -1,
      balance_after: 9,
      model: 'seedream-3',
      prompt: 'кот на подоконнике',
    });
    await expectMoneyInvariants(t.database.pool);

    // The same input answers the same (a new request, so charged again).
    const again = await improve(who, cat);
    expect(again.statusCode).toBe(200);
    expect((again.json() as PromptImprovement).improved).toBe(answer.improved);
    expect(await tokensOf(who)).toBe(8);
    await expectMoneyInvariants(t.database.pool);
  });

  it('keeps English in English, and writes a video’s motion and camera', async () => {
    const who = await person(10);
    const res = await improve(
      who,
      { prompt: 'a fox in the snow', model: 'seedance-lite', style: 'cinematic' },
      { lang: 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { improved } = res.json() as PromptImprovement;
    expect(improved.startsWith('A fox in the snow in one smooth continuous shot')).toBe(true);
    expect(improved).toMatch(/camera/);
    expect(improved).toContain('Cinematic look:');
    expect(improved).not.toMatch(/\p{Script=Cyrillic}/u);
    // Without a style, an editing model gets an instruction.
    const edit = await improve(who, {
      prompt: 'добавь коту красный шарф',
      model: 'flux-kontext-pro',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json() as PromptImprovement).improved).toMatch(/^Измени картинку: добавь коту/);
    expect((edit.json() as PromptImprovement).style).toBeNull();
    expect(await tokensOf(who)).toBe(8);
    await expectMoneyInvariants(t.database.pool);
  });

  it('charges a retried request once and answers it the same; another body with the key is a 409', async () => {
    const who = await person(10);
    const first = await improve(who, cat, { key: 'improve-1' });
    expect(first.statusCode, first.body).toBe(200);
    const retried = await improve(who, cat, { key: 'improve-1' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual(first.json());
    expect(await entries(who)).toHaveLength(1);
    expect(await improvementsOf(who)).toHaveLength(1);
    expect(await tokensOf(who)).toBe(9);

    const other = await improve(who, { ...cat, prompt: 'собака' }, { key: 'improve-1' });
    expect(other.statusCode).toBe(409);
    // Two at once with one key: one improvement, one charge.
    const racing = await Promise.all([
      improve(who, cat, { key: 'improve-2' }),
      improve(who, cat, { key: 'improve-2' }),
    ]);
    // The second waits for the first's charge, then replays it or is told it is under way.
    const codes = racing.map((res) => res.statusCode);
    expect(codes).toContain(200);
    for (const code of codes) expect([200, 409]).toContain(code);
    expect(await entries(who)).toHaveLength(2);
    expect(await tokensOf(who)).toBe(8);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refunds a failed improvement once and says so in the person’s language (502)', async () => {
    const who = await person(10);
    const ru = await improve(who, { ...cat, prompt: 'кот #fail' });
    expect(ru.statusCode, ru.body).toBe(502);
    expect(ru.headers['content-type']).toContain('application/problem+json');
    expect(ru.json()).toMatchObject({
      status: 502,
      type: promptImprovementProblemTypes.failed,
      detail:
        'Не получилось улучшить промпт. Ничего не списано: кредит вернулся на баланс — попробуйте ещё раз или измените промпт.',
    });
    const en = await improve(who, { ...cat, prompt: 'a cat #fail' }, { lang: 'en' });
    expect(en.statusCode).toBe(502);
    expect(en.json().detail).toBe(
      'The prompt could not be improved. Nothing was charged: the credit is back on your balance — try again or change the prompt.',
    );
    expect(await tokensOf(who)).toBe(10);
    const rows = await improvementsOf(who);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(rows[0]?.error).toMatch(/#fail/);
    // Each exactly one −1 and one +1, keyed by its improvement.
    const ledger = await entries(who);
    expect(ledger).toEqual([
      { reason: 'prompt_improvement_debit', delta: -1, prompt_improvement_id: rows[0]?.id },
      { reason: 'prompt_improvement_refund', delta: 1, prompt_improvement_id: rows[0]?.id },
      { reason: 'prompt_improvement_debit', delta: -1, prompt_improvement_id: rows[1]?.id },
      { reason: 'prompt_improvement_refund', delta: 1, prompt_improvement_id: rows[1]?.id },
    ]);
    await expectMoneyInvariants(t.database.pool);
  });

  it('lets a key whose improvement failed be used again: a new attempt, charged and refunded on its own', async () => {
    const who = await person(10);
    const body = { ...cat, prompt: 'кот #fail' };
    expect((await improve(who, body, { key: 'failing' })).statusCode).toBe(502);
    expect((await improve(who, body, { key: 'failing' })).statusCode).toBe(502);
    const rows = await improvementsOf(who);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect((await entries(who)).map((entry) => entry.delta)).toEqual([-1, 1, -1, 1]);
    expect(await tokensOf(who)).toBe(10);
    await expectMoneyInvariants(t.database.pool);
  });

  it.each([
    [
      'an unknown style',
      { ...cat, style: 'no-such-style' },
      'style',
      'Такого стиля нет: выберите стиль заново.',
    ],
    [
      'a style that does not suit the model',
      { prompt: 'кот', model: 'hunyuan', style: 'flat-lay' },
      'style',
      'Стиль «Флэтлей» не подходит к модели HunyuanVideo: выберите другой стиль или модель.',
    ],
    [
      'a model that takes no description',
      { prompt: 'кот', model: 'remove-background' },
      'model',
      'Для этой модели промпт не улучшить: выберите модель, которая рисует по описанию.',
    ],
    [
      'an unknown model',
      { prompt: 'кот', model: 'no-such-model' },
      'model',
      'Для этой модели промпт не улучшить: выберите модель, которая рисует по описанию.',
    ],
    [
      'an empty prompt',
      { prompt: '   ', model: 'seedream-3' },
      'prompt',
      'Проверьте поля: prompt.',
    ],
    [
      'a prompt too long',
      { prompt: 'к'.repeat(promptMaxLength + 1), model: 'seedream-3' },
      'prompt',
      'Проверьте поля: prompt.',
    ],
    ['an unknown field', { ...cat, seed: 1 }, 'body', 'Проверьте поля: body.'],
  ])(
    'refuses %s with a 400 in the person’s language, charging nothing',
    async (_name, body, field, detail) => {
      const who = await person(10);
      const res = await improve(who, body);
      expect(res.statusCode, res.body).toBe(400);
      const problem = res.json() as {
        detail: string;
        errors: { field: string; message: string }[];
      };
      expect(problem.detail).toBe(detail);
      expect(problem.errors.map((error) => error.field)).toContain(field);
      expect(await tokensOf(who)).toBe(10);
      expect(await entries(who)).toEqual([]);
      expect(await improvementsOf(who)).toEqual([]);
      await expectMoneyInvariants(t.database.pool);
    },
  );

  it('says a too-long prompt’s limit, and the style’s refusal in English', async () => {
    const who = await person(10);
    const long = await improve(who, {
      prompt: 'к'.repeat(promptMaxLength + 1),
      model: 'seedream-3',
    });
    expect(long.json().errors[0]).toMatchObject({
      field: 'prompt',
      message: `не длиннее ${promptMaxLength} символов`,
    });
    const style = await improve(
      who,
      { prompt: 'a cat', model: 'hunyuan', style: 'flat-lay' },
      { lang: 'en' },
    );
    expect(style.json().detail).toBe(
      'The Flat lay style does not suit HunyuanVideo: choose another style or model.',
    );
    expect(await entries(who)).toEqual([]);
  });

  it('refuses with 402 when the balance cannot pay, writing nothing', async () => {
    const who = await person(0);
    const res = await improve(who, cat);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      type: problemTypes.insufficientTokens,
      detail: 'Не хватает кредитов: улучшение промпта стоит 1 кредит.',
    });
    const en = await improve(who, cat, { lang: 'en' });
    expect(en.json().detail).toBe('Not enough credits: improving a prompt costs 1 credit.');
    expect(await entries(who)).toEqual([]);
    expect(await improvementsOf(who)).toEqual([]);
    expect(await tokensOf(who)).toBe(0);
    await expectMoneyInvariants(t.database.pool);
  });

  it('needs a session and an allowed Origin', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/prompts/improve',
      headers: { origin: ORIGIN },
      payload: cat,
    });
    expect(anonymous.statusCode).toBe(401);
    const who = await person(10);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/prompts/improve',
      headers: { cookie: who.cookie, origin: 'https://evil.example' },
      payload: cat,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await entries(who)).toEqual([]);
  });
});

describe('reconcile_prompt_improvements', () => {
  /** What a node that died while it waited leaves behind: a running improvement and its debit. */
  async function leftRunning(who: Person, minutesAgo: number): Promise<string> {
    const id = randomUUID();
    await t.container.repositories.transaction(['promptImprovements', 'ledger'], async (tx) => {
      await tx.promptImprovements.create({
        id,
        userId: who.id,
        model: 'seedream-3',
        style: null,
        prompt: 'кот',
        cost: promptImprovementTokens,
      });
      await tx.ledger.chargePromptImprovement({ userId: who.id, improvementId: id, tokens: 1 });
    });
    await t.database.pool.query(
      `update prompt_improvements set created = now() - make_interval(mins => $2) where id = $1`,
      [id, minutesAgo],
    );
    return id;
  }

  it('refunds an improvement left running past two minutes, exactly once however often it runs', async () => {
    const who = await person(10);
    const stale = await leftRunning(who, 3);
    const fresh = await leftRunning(who, 0);
    expect(await tokensOf(who)).toBe(8);
    const tasks = buildTaskList(t.container);
    const reconcile = tasks.reconcile_prompt_improvements as (
      payload: unknown,
      helpers: JobHelpers,
    ) => Promise<void>;
    await reconcile({}, {} as JobHelpers);
    await reconcile({}, {} as JobHelpers);
    expect(await t.container.promptImprovements.reconcile()).toBe(0);
    const rows = await improvementsOf(who);
    expect(rows.find((row) => row.id === stale)).toMatchObject({ status: 'failed' });
    expect(rows.find((row) => row.id === fresh)).toMatchObject({ status: 'running' });
    expect((await entries(who)).filter((entry) => entry.prompt_improvement_id === stale)).toEqual([
      { reason: 'prompt_improvement_debit', delta: -1, prompt_improvement_id: stale },
      { reason: 'prompt_improvement_refund', delta: 1, prompt_improvement_id: stale },
    ]);
    expect(await tokensOf(who)).toBe(9);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('its rate limit', () => {
  it('is the create class’s, counted per person', async () => {
    const limited = await buildTestApp({ RATE_LIMITS: 'true', RATE_LIMIT_CREATE: '1' });
    try {
      const user = await buildUser(limited.container, { tokens: 0 });
      const cookie = await buildSession(limited.container, user);
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/prompts/improve',
          headers: { cookie, origin: ORIGIN },
          payload: cat,
        });
      expect((await ask()).statusCode).toBe(402);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().type).toBe(problemTypes.rateLimited);
    } finally {
      await limited.close();
    }
  });
});

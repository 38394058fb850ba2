import { randomUUID } from 'node:crypto';
import { signWebhook } from '@kadr/emulators';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { buildTaskList } from '../../jobs/registry.ts';
import { createMediaTools, type MediaTools } from '../../providers/media/media.ts';
import {
  type ModelProvider,
  type Prediction,
  type PredictionStatus,
  ProviderError,
} from '../../providers/replicate/replicate.adapter.ts';
import { createGenerationEngine } from './generation.engine.ts';
import { createWebhookBinding } from './webhook-binding.ts';

/**
 * Attack: the provider's notifications replayed, reordered, delayed and lost, and its submissions
 * failing, raced by a person's cancel, duplicate workers and the reconcile cron. fast-check draws
 * 1,000 schedules (100 runs of ten generations in flight at once) and plays each against the real
 * engine, the real webhook route, the real job rows and PostgreSQL; only the model provider (an
 * in-process script) and the media probe are stand-ins. Whatever the schedule, every generation
 * ends completed or failed-and-refunded, exactly once; a prediction is created at most once; and
 * every balance equals the sum of its ledger.
 */

type Outcome = 'succeeded' | 'failed' | 'canceled' | 'vanished' | 'no-output';

interface Schedule {
  /** How the provider answers the first submissions before it accepts one. */
  createFailures: ('transient' | 'permanent')[];
  /** The provider reports `processing` before it ends. */
  processingFirst: boolean;
  outcome: Outcome;
  /** A notification arrives while the submit is still waiting for the provider's answer. */
  notifyDuringCreate: boolean;
  steps: Step[];
}

type Step =
  | { kind: 'work' }
  | { kind: 'two-workers' }
  | { kind: 'advance' }
  | { kind: 'notify'; fate: 'now' | 'delay' | 'lose' | 'twice' }
  | { kind: 'release'; index: number }
  | { kind: 'replay' }
  | { kind: 'reconcile' }
  | { kind: 'cancel' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'work' as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'two-workers' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'advance' as const }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('notify' as const),
      fate: fc.constantFrom('now' as const, 'delay' as const, 'lose' as const, 'twice' as const),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('release' as const), index: fc.nat(5) }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'replay' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'reconcile' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'cancel' as const }), weight: 1 },
);

const scheduleArb: fc.Arbitrary<Schedule> = fc.record({
  createFailures: fc.array(fc.constantFrom('transient' as const, 'permanent' as const), {
    maxLength: 2,
  }),
  processingFirst: fc.boolean(),
  outcome: fc.constantFrom<Outcome>(
    'succeeded',
    'succeeded',
    'failed',
    'canceled',
    'vanished',
    'no-output',
  ),
  notifyDuringCreate: fc.boolean(),
  steps: fc.array(stepArb, { maxLength: 14 }),
});

// A 1 × 1 PNG: what the provider "delivers" for a succeeded prediction.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The provider's side of one request, driven by its schedule. */
interface Script {
  schedule: Schedule;
  creates: number;
  predictions: string[];
  webhook?: string;
  /** Runs inside `create`, before it answers (a notification racing the submit's commit). */
  duringCreate?: (predictionId: string) => Promise<void>;
}

interface State {
  prediction: Prediction;
  webhook: string;
  path: PredictionStatus[];
  gone: boolean;
  created: number;
}

const scripts = new Map<string, Script>();
const predictions = new Map<string, State>();

function requestOf(webhook: string | undefined): string {
  return new URL(webhook ?? 'http://x').searchParams.get('request') ?? '';
}

function finalState(outcome: Outcome): PredictionStatus {
  if (outcome === 'vanished' || outcome === 'no-output') return 'succeeded';
  return outcome;
}

/** The model provider, scripted: answers from `predictions`, moved on by the schedule's steps. */
const provider: ModelProvider = {
  async create(request) {
    const script = scripts.get(requestOf(request.webhook));
    if (!script) throw new Error('create for an unknown request');
    script.creates++;
    const failure = script.schedule.createFailures[script.creates - 1];
    if (failure === 'transient') throw new ProviderError('Service Unavailable', 503);
    if (failure === 'permanent') throw new ProviderError('Invalid input', 422);
    const id = `p${randomUUID().replaceAll('-', '')}`;
    const path: PredictionStatus[] = [
      ...(script.schedule.processingFirst ? (['processing'] as const) : []),
      finalState(script.schedule.outcome),
    ];
    const state: State = {
      prediction: { id, status: 'starting', output: null, error: null },
      webhook: request.webhook ?? '',
      path,
      gone: false,
      created: Date.now(),
    };
    predictions.set(id, state);
    script.predictions.push(id);
    script.webhook = request.webhook;
    if (script.duringCreate) await script.duringCreate(id);
    return { ...state.prediction };
  },
  async get(id) {
    const state = predictions.get(id);
    if (!state || state.gone) return undefined;
    return { ...state.prediction };
  },
  async findByWebhook(webhook, since) {
    for (const state of predictions.values()) {
      if (state.webhook === webhook && state.created >= since.getTime() && !state.gone) {
        return { ...state.prediction };
      }
    }
    return undefined;
  },
  async cancel(id) {
    const state = predictions.get(id);
    if (!state || state.gone) return undefined;
    if (!['succeeded', 'failed', 'canceled'].includes(state.prediction.status)) {
      state.prediction = { ...state.prediction, status: 'canceled' };
      state.path = [];
    }
    return { ...state.prediction };
  },
};

/** Moves a prediction one state on; answers whether it moved. */
function advance(predictionId: string, outcome: Outcome): boolean {
  const state = predictions.get(predictionId);
  const next = state?.path.shift();
  if (!state || !next) return false;
  state.prediction = {
    id: predictionId,
    status: next,
    output:
      next === 'succeeded' && outcome !== 'no-output'
        ? [`https://replicate.delivery/out/${predictionId}.png`]
        : null,
    error: next === 'failed' ? 'The model could not make this.' : null,
  };
  if (next === 'succeeded' && outcome === 'vanished') state.gone = true;
  return true;
}

const media: MediaTools = {
  ...createMediaTools(),
  probe: async () => ({ mime: 'image/png', width: 1, height: 1, durationMs: null }),
  preview: async () => ({ data: PNG, width: 1, height: 1 }),
};

let t: TestApp;
let engine: ReturnType<typeof createGenerationEngine>;
let tasks: ReturnType<typeof buildTaskList>;
beforeAll(async () => {
  t = await buildTestApp({ MAX_RUNNING_GENERATIONS: '0' }, { provider, media });
  engine = createGenerationEngine({
    repositories: t.container.repositories,
    providerHealth: t.container.providerHealth,
    provider,
    translator: { toEnglish: async (text: string) => text },
    storage: t.container.storage,
    media,
    urls: t.container.fileUrls,
    // The address the container's engine gives, bound to the request: deliveries go back to it.
    webhookUrlFor: createWebhookBinding({
      webhookUrl: `${t.config.publicUrl}/api/webhooks/replicate`,
      signingSecret: t.config.signingSecret,
    }).urlFor,
    publicUrl: t.config.publicUrl,
    deliveryHosts: (host) => host === 'replicate.delivery',
    limits: { imageBytes: 1024 * 1024, videoBytes: 1024 * 1024 },
    logger: { info: () => {}, warn: () => {} },
    fetch: async () => new Response(PNG, { headers: { 'content-type': 'image/png' } }),
  });
  tasks = buildTaskList({ ...t.container, engine });
});
afterAll(async () => {
  await t.close();
});

/** One delivery as Replicate sends it: the prediction's state when it was sent, signed. */
interface Delivery {
  url: string;
  id: string;
  body: string;
}

function notification(predictionId: string): Delivery | undefined {
  const state = predictions.get(predictionId);
  if (!state) return undefined;
  const webhookUrl = new URL(state.webhook);
  return {
    url: `${webhookUrl.pathname}${webhookUrl.search}`,
    id: `msg_${randomUUID()}`,
    body: JSON.stringify(state.prediction),
  };
}

async function deliver(delivery: Delivery): Promise<void> {
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: delivery.url,
    headers: {
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({
        id: delivery.id,
        timestamp,
        body: delivery.body,
        secret: t.config.replicate.webhookSecret,
      }),
    },
    payload: delivery.body,
  });
  expect(res.statusCode, res.body).toBe(204);
}

interface JobRow {
  id: string;
  identifier: string;
  payload: Record<string, unknown>;
}

/**
 * A worker taking this request's due jobs as graphile-worker does: claim (attempts + 1, locked),
 * run the real task handler, then remove it on success or free it for a retry on failure. Time is
 * the schedule's, so a retry is due at once. Two calls at once behave as two workers.
 */
async function work(requestId: string, predictionIds: string[]): Promise<void> {
  const pool = t.database.pool;
  const { rows } = await pool.query<JobRow>(
    `select j.id::text, k.identifier, j.payload
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks k on k.id = j.task_id
      where j.locked_at is null and j.attempts < j.max_attempts
        and (j.payload->>'id' = $1 or j.payload->>'requestId' = $1
             or j.payload->>'predictionId' = any($2::text[]))
      order by j.id`,
    [requestId, predictionIds],
  );
  for (const job of rows) {
    const claimed = await pool.query<{ attempts: number; max_attempts: number }>(
      `update graphile_worker._private_jobs
          set attempts = attempts + 1, locked_at = now(), locked_by = 'schedule'
        where id = $1 and locked_at is null
        returning attempts, max_attempts`,
      [job.id],
    );
    const attempt = claimed.rows[0];
    if (!attempt) continue;
    const task = tasks[job.identifier];
    if (typeof task !== 'function') throw new Error(`no task ${job.identifier}`);
    try {
      await task(job.payload, {
        job: { attempts: attempt.attempts, max_attempts: attempt.max_attempts },
      } as never);
      await pool.query('delete from graphile_worker._private_jobs where id = $1', [job.id]);
    } catch {
      await pool.query(
        `update graphile_worker._private_jobs set locked_at = null, locked_by = null where id = $1`,
        [job.id],
      );
    }
  }
}

interface Played {
  requestId: string;
  script: Script;
  canceled: boolean;
}

/** Plays one schedule against a request just created (and paid for) by a person. */
async function play(cookie: string, schedule: Schedule): Promise<Played> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-image',
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: { model: 'seedream-3', prompt: 'a harbour at dawn', translate_prompt: false },
  });
  expect(created.statusCode, created.body).toBe(200);
  const requestId = (created.json() as { request_id: string }).request_id;
  const script: Script = { schedule, creates: 0, predictions: [] };
  scripts.set(requestId, script);
  const delayed: Delivery[] = [];
  const sent: Delivery[] = [];
  const send = async (delivery: Delivery) => {
    sent.push(delivery);
    await deliver(delivery);
  };
  if (schedule.notifyDuringCreate) {
    script.duringCreate = async (predictionId) => {
      const early = notification(predictionId);
      if (!early) return;
      await send(early);
      await work(requestId, [predictionId]);
    };
  }
  const current = () => script.predictions.at(-1);
  let canceled = false;

  for (const step of schedule.steps) {
    const predictionId = current();
    switch (step.kind) {
      case 'work':
        await work(requestId, script.predictions);
        break;
      case 'two-workers':
        await Promise.all([
          work(requestId, script.predictions),
          work(requestId, script.predictions),
        ]);
        break;
      case 'advance':
        if (predictionId) advance(predictionId, schedule.outcome);
        break;
      case 'notify': {
        const delivery = predictionId ? notification(predictionId) : undefined;
        if (!delivery || step.fate === 'lose') break;
        if (step.fate === 'delay') delayed.push(delivery);
        else if (step.fate === 'twice') await Promise.all([send(delivery), send(delivery)]);
        else await send(delivery);
        break;
      }
      case 'release': {
        const [delivery] = delayed.splice(step.index % Math.max(delayed.length, 1), 1);
        if (delivery) await send(delivery);
        break;
      }
      case 'replay': {
        const delivery = sent.at(-1);
        if (delivery) await deliver(delivery);
        break;
      }
      case 'reconcile':
        // The cron, as if the request had been quiet for five minutes.
        await engine.reconcile(new Date(Date.now() + 5 * 60_000));
        break;
      case 'cancel': {
        const row = await t.container.repositories.generations.findById(requestId);
        if (row && row.status !== 'completed' && row.status !== 'failed') {
          await engine.cancel(row);
          canceled = true;
        }
        break;
      }
    }
  }

  // Afterwards the provider finishes; every notification still held back is lost. The cron and
  // the worker go on until the request has ended.
  for (let round = 0; round < 8; round++) {
    const row = await t.container.repositories.generations.findById(requestId);
    if (row?.status === 'completed' || row?.status === 'failed') break;
    while (advance(current() ?? '', schedule.outcome)) {}
    await engine.reconcile(new Date(Date.now() + 5 * 60_000));
    await work(requestId, script.predictions);
  }
  return { requestId, script, canceled };
}

describe('provider notifications replayed, reordered, delayed and lost', () => {
  // 1,000 schedules take ~18 s alone on two cores and longer beside the suite's other files.
  it('end every generation completed or refunded exactly once, over 1,000 schedules', {
    timeout: 120_000,
  }, async () => {
    const pool = t.database.pool;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(scheduleArb, { minLength: 10, maxLength: 10 }), async (batch) => {
        runs++;
        const user = await buildUser(t.container, { tokens: 3 * batch.length });
        const cookie = await buildSession(t.container, user);
        const played = await Promise.all(batch.map((schedule) => play(cookie, schedule)));

        for (const { requestId, script, canceled } of played) {
          const { rows } = await pool.query<{ status: string; cost: number }>(
            'select status, cost from generation_requests where id = $1',
            [requestId],
          );
          const row = rows[0];
          const ledger = await pool.query<{ reason: string; delta: number }>(
            'select reason, delta from token_ledger where generation_id = $1 order by id',
            [requestId],
          );
          const reasons = ledger.rows.map((entry) => entry.reason);
          const files = await pool.query<{ n: number }>(
            `select count(*)::int as n from files where generation_id = $1 and kind = 'output'`,
            [requestId],
          );
          const schedule = script.schedule;
          const context = JSON.stringify({ schedule, row, reasons, creates: script.creates });
          // At most one prediction per request, however often the submit ran.
          expect(script.predictions.length, context).toBeLessThanOrEqual(1);
          if (row?.status === 'completed') {
            expect(reasons, context).toEqual(['generation_debit']);
            expect(files.rows[0]?.n, context).toBe(1);
          } else {
            expect(row?.status, context).toBe('failed');
            expect(reasons, context).toEqual(['generation_debit', 'generation_refund']);
            expect(files.rows[0]?.n, context).toBe(0);
          }
          // Nobody stopped it, the provider took it and made a result: the person gets it.
          const accepted = !schedule.createFailures.includes('permanent');
          if (!canceled && accepted && schedule.outcome === 'succeeded') {
            expect(row?.status, context).toBe('completed');
          }
          if (schedule.outcome !== 'succeeded' || !accepted) {
            expect(row?.status, context).toBe('failed');
          }
        }
        await expectMoneyInvariants(pool);
        const balance = await pool.query<{ tokens: number }>(
          'select tokens from users where id = $1',
          [user.id],
        );
        const completed = await pool.query<{ n: number }>(
          `select count(*)::int as n from generation_requests
            where user_id = $1 and status = 'completed'`,
          [user.id],
        );
        expect(balance.rows[0]?.tokens).toBe(3 * batch.length - 3 * (completed.rows[0]?.n ?? 0));
      }),
      { numRuns: 100 },
    );
    expect(runs).toBeGreaterThanOrEqual(100);
  });
});

import { defaultParameters, getStyle, priceOf, promptModels, validateRequest } from '@kadr/catalog';
import { signWebhook } from '@kadr/emulators';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, uploadPicture } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';
import { createWebhookBinding } from './webhook-binding.ts';

let t: LiveApp;
beforeAll(async () => {
  // Bursts of one person's creates test the write path; the running cap has its own tests.
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0' });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };

interface GenerationRecord {
  id: string;
  replicate_id: string;
  status: string;
  error: string;
  model: string;
  type: string;
  user: string;
  jsondata: {
    prompt: string;
    input: Record<string, unknown>;
    output: unknown;
    sent_prompt?: string;
  };
  output_files: string[];
  expand: {
    output_files: {
      url: string;
      download_url: string;
      thumbnail: string | null;
      mime: string;
      width: number;
      height: number;
      duration_ms: number | null;
    }[];
  };
}

async function create(
  cookie: string,
  type: 'image' | 'video',
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/create-${type}`,
    headers: { cookie, ...ORIGIN, ...headers },
    payload: body,
  });
}

async function read(cookie: string, id: string): Promise<GenerationRecord> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/generations/${id}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function waitForEnd(cookie: string, id: string, ms = 20_000): Promise<GenerationRecord> {
  const started = Date.now();
  for (;;) {
    const record = await read(cookie, id);
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() - started > ms) throw new Error(`generation ${id} still ${record.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tokens(cookie: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (res.json() as { tokens: number }).tokens;
}

describe('image generation end to end', () => {
  it('charges the catalogue price, completes with stored files, and serves them to the owner', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await create(cookie, 'image', {
      model: 'imagen-4-ultra',
      prompt: 'a lighthouse at dawn',
      translate_prompt: true,
      aspect_ratio: '16:9',
    });
    expect(res.statusCode).toBe(200);
    const created = res.json() as { request_id: string; status: string };
    expect(created.status).toBe('pending');
    expect(await tokens(cookie)).toBe(94);

    const done = await waitForEnd(cookie, created.request_id);
    expect(done.status).toBe('completed');
    expect(done.replicate_id).not.toBe('');
    const [file] = done.expand.output_files;
    expect(file?.mime).toBe('image/jpeg');
    const image = await t.app.inject({ method: 'GET', url: file?.url ?? '', headers: { cookie } });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.abs((meta.width ?? 0) / (meta.height ?? 1) - 16 / 9)).toBeLessThan(0.02);
    const thumb = await t.app.inject({
      method: 'GET',
      url: file?.thumbnail ?? '',
      headers: { cookie },
    });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const download = await t.app.inject({
      method: 'GET',
      url: file?.download_url ?? '',
      headers: { cookie },
    });
    expect(download.headers['content-disposition']).toContain('attachment');
    // Saved under the model, the prompt and the moment, not a bare `0.jpg` that collides.
    expect(download.headers['content-disposition']).toMatch(
      /filename\*=UTF-8''kadr-imagen-4-ultra-a-lighthouse-at-dawn-\d{8}-\d{6}\.jpg$/,
    );
    const forged = await t.app.inject({
      method: 'GET',
      url: `${file?.url ?? ''}?download=1&as=${encodeURIComponent('x"\r\nSet-Cookie: a=b')}`,
      headers: { cookie },
    });
    expect(forged.statusCode).toBe(400);

    const stranger = await signInDemo(t.app);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/generations/${done.id}`,
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: file?.url ?? '',
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(await tokens(cookie)).toBe(94);
    await expectMoneyInvariants(t.database.pool);
  });

  it('translates a Russian prompt and keeps both', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await create(cookie, 'image', {
      model: 'seedream-3',
      prompt: 'кот на луне',
      translate_prompt: true,
    });
    const done = await waitForEnd(cookie, (res.json() as { request_id: string }).request_id);
    expect(done.jsondata.prompt).toBe('кот на луне');
    expect(done.jsondata.sent_prompt).toMatch(/^[\x20-\x7e]+$/);
  });

  it('sends the original prompt when translation fails, rather than failing the request', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await create(cookie, 'image', {
      model: 'seedream-3',
      prompt: 'кот #translator-fail',
      translate_prompt: true,
    });
    const done = await waitForEnd(cookie, (res.json() as { request_id: string }).request_id);
    expect(done.status).toBe('completed');
    expect(done.jsondata).toMatchObject({
      sent_prompt: 'кот #translator-fail',
      translation_failed: true,
    });
  });

  it.each([
    [
      'broken #fail',
      'model_failed',
      'The model could not make this generation.',
      'Prediction failed',
    ],
    [
      'too daring #nsfw',
      'unsafe',
      'The model declined this prompt or picture as unsafe.',
      'NSFW content detected',
    ],
  ] as const)(
    '%j fails with code %s, keeps the provider text for the operator, and refunds',
    async (prompt, code, text, providerWords) => {
      const { cookie } = await signInDemo(t.app);
      const res = await create(cookie, 'image', { model: 'flux-kontext-pro', prompt });
      expect(await tokens(cookie)).toBe(96);
      const id = (res.json() as { request_id: string }).request_id;
      const done = await waitForEnd(cookie, id);
      // The person's record carries the code (and its sentence), never the provider's own words.
      expect(done).toMatchObject({ status: 'failed', error_code: code, error: text });
      expect(JSON.stringify(done)).not.toContain(providerWords);
      const row = await t.container.repositories.generations.findById(id);
      expect(row).toMatchObject({ errorCode: code });
      expect(row?.error).toContain(providerWords);
      // The history page (a SQL function) says the same.
      const history = await t.app.inject({
        method: 'GET',
        url: '/api/generations?page=1&perPage=5',
        headers: { cookie },
      });
      const listed = (history.json() as { items: { id: string }[] }).items.find((i) => i.id === id);
      expect(listed).toMatchObject({ error_code: code, error: text });
      expect(await tokens(cookie)).toBe(100);
      await expectMoneyInvariants(t.database.pool);
    },
  );

  it('is pending until the model starts running, then processing, then completed', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await create(cookie, 'image', { model: 'seedream-3', prompt: 'a slow dawn #slow' });
    const id = (res.json() as { request_id: string }).request_id;
    const seen: { status: string; submitted: boolean }[] = [];
    for (let i = 0; i < 200; i++) {
      const record = await read(cookie, id);
      const step = { status: record.status, submitted: record.replicate_id !== '' };
      const last = seen.at(-1);
      if (last?.status !== step.status || last.submitted !== step.submitted) seen.push(step);
      if (record.status === 'processing') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // Accepted (possibly already handed over); with the provider while it boots the model; running.
    expect(seen.slice(-2)).toEqual([
      { status: 'pending', submitted: true },
      { status: 'processing', submitted: true },
    ]);
    expect(seen.every((step) => step.status === 'pending' || step.submitted)).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${id}/cancel`,
      headers: { cookie, ...ORIGIN },
    });
  });

  it('cancels a running generation and refunds in full', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await create(cookie, 'image', {
      model: 'seedream-3',
      prompt: 'take your time #slow',
    });
    const id = (res.json() as { request_id: string }).request_id;
    for (let i = 0; i < 100 && (await read(cookie, id)).status !== 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${id}/cancel`,
      headers: { cookie, ...ORIGIN },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'failed', error: 'Canceled' });
    expect(await tokens(cookie)).toBe(100);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${id}/cancel`,
      headers: { cookie, ...ORIGIN },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('every model of the catalogue', () => {
  // Each model a prompt alone runs; the talking character, which needs a picture and a recording,
  // is run end to end in talking-characters.test.ts.
  it.each(promptModels().map((m) => [m.id, m.type] as const))(
    '%s (%s) completes with a real file and costs exactly its catalogue price',
    async (model, type) => {
      const { cookie, user } = await signInDemo(t.app);
      await applyLedgerEntry(t.database.db, { userId: user.id, delta: 1000, reason: 'adjustment' });
      const parameters = defaultParameters(model);
      const validated = validateRequest(model, {
        prompt: 'a calm sea',
        parameters: {},
        duration: 0,
      });
      if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
      const price = priceOf(model, validated.value);
      const duration = typeof parameters.duration === 'number' ? parameters.duration : 0;
      const res = await create(cookie, type, {
        model,
        prompt: 'a calm sea',
        ...(type === 'video' ? { duration } : {}),
      });
      expect(res.statusCode).toBe(200);
      expect(await tokens(cookie)).toBe(1100 - price);
      const done = await waitForEnd(
        cookie,
        (res.json() as { request_id: string }).request_id,
        30_000,
      );
      expect(done.status).toBe('completed');
      const file = done.expand.output_files[0];
      expect(file?.mime).toEqual(
        type === 'video' ? 'video/mp4' : expect.stringMatching(/^image\//),
      );
      if (type === 'video') {
        expect(file?.duration_ms).toBeGreaterThan(1000);
        const ranged = await t.app.inject({
          method: 'GET',
          url: file?.url ?? '',
          headers: { cookie, range: 'bytes=0-99' },
        });
        expect(ranged.statusCode).toBe(206);
        expect(ranged.rawPayload.length).toBe(100);
      }
      expect(await tokens(cookie)).toBe(1100 - price);
    },
    30_000,
  );
});

describe('sound on Veo 3 (ADR 048)', () => {
  it('switched off, reaches the model as generate_audio false and costs 400, as the ledger says', async () => {
    const { cookie, user } = await signInDemo(t.app);
    await applyLedgerEntry(t.database.db, { userId: user.id, delta: 1000, reason: 'adjustment' });
    const res = await create(cookie, 'video', {
      model: 'veo3',
      prompt: 'a quiet street at night',
      generate_audio: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokens(cookie)).toBe(700);
    const debits = await t.database.pool.query(
      `select delta from token_ledger where user_id = $1 and reason = 'generation_debit'`,
      [user.id],
    );
    expect(debits.rows.map((row) => row.delta)).toEqual([-400]);
    const done = await waitForEnd(
      cookie,
      (res.json() as { request_id: string }).request_id,
      30_000,
    );
    expect(done.status, done.error).toBe('completed');
    expect(t.container.demo.replicate?.getPrediction(done.replicate_id)?.input).toMatchObject({
      duration: 8,
      generate_audio: false,
    });
    expect(await tokens(cookie)).toBe(700);
    await expectMoneyInvariants(t.database.pool);
  }, 30_000);
});

describe('style presets (issue #49, ADR 051)', () => {
  it('add their words to what the model reads, per family, translated prompt first, at no cost', async () => {
    const { cookie, user } = await signInDemo(t.app);
    await applyLedgerEntry(t.database.db, { userId: user.id, delta: 1000, reason: 'adjustment' });
    const film = getStyle('film-photo');
    const white = getStyle('product-white');
    const estimate = await t.app.inject({
      method: 'POST',
      url: '/api/estimate-image',
      headers: { cookie, ...ORIGIN },
      payload: { model: 'qwen-image', prompt: 'x', parameters: {} },
    });
    const image = await create(cookie, 'image', {
      model: 'qwen-image',
      prompt: 'кот на подоконнике',
      style: 'film-photo',
      negative_prompt: 'dogs',
    });
    const video = await create(cookie, 'video', {
      model: 'veo3-fast',
      prompt: 'a jar of honey',
      style: 'product-white',
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(video.statusCode, video.body).toBe(200);
    const cost = (estimate.json() as { estimation: number }).estimation;
    const fast = validateRequest('veo3-fast', { prompt: 'x', parameters: {}, duration: 0 });
    if (!fast.ok) throw new Error(JSON.stringify(fast.errors));
    const debits = await t.database.pool.query(
      `select delta from token_ledger where user_id = $1 and reason = 'generation_debit' order by created`,
      [user.id],
    );
    // A style adds nothing to the price.
    expect(debits.rows.map((row) => row.delta)).toEqual([-cost, -priceOf('veo3-fast', fast.value)]);
    const [shot, clip] = await Promise.all(
      [image, video].map((res) =>
        waitForEnd(cookie, (res.json() as { request_id: string }).request_id, 30_000),
      ),
    );
    expect(shot?.status, shot?.error).toBe('completed');
    expect(clip?.status, clip?.error).toBe('completed');
    const sent = (id: string) => t.container.demo.replicate?.getPrediction(id)?.input ?? {};
    const still = sent(shot?.replicate_id ?? '');
    expect(still.prompt).toBe(`${shot?.jsondata.sent_prompt}, ${film?.prompt.image}`);
    expect(String(still.prompt)).toMatch(/^cat /);
    expect(still.negative_prompt).toBe(`dogs, ${film?.negative?.image}`);
    const moving = sent(clip?.replicate_id ?? '');
    expect(moving.prompt).toBe(`a jar of honey, ${white?.prompt.video}`);
    expect(moving.negative_prompt).toBe(white?.negative?.video);
    // Kept on the record for 'Reuse settings'; the prompt as the person typed it.
    expect(shot?.jsondata).toMatchObject({ style: 'film-photo', prompt: 'кот на подоконнике' });
    await expectMoneyInvariants(t.database.pool);
  }, 40_000);

  it('follow a card scene’s words on the background tool (the card workshop’s AI scenes)', async () => {
    const { cookie } = await signInDemo(t.app);
    const png = await sharp({
      create: { width: 64, height: 80, channels: 3, background: '#f4efe6' },
    })
      .png()
      .toBuffer();
    const photo = (await uploadPicture(t.app, cookie, png)).urls.get;
    const res = await create(cookie, 'image', {
      model: 'replace-background',
      image: photo,
      prompt: 'a clean light wooden kitchen counter, morning light',
      style: 'golden-hour',
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitForEnd(
      cookie,
      (res.json() as { request_id: string }).request_id,
      30_000,
    );
    expect(done.status, done.error).toBe('completed');
    const input = t.container.demo.replicate?.getPrediction(done.replicate_id)?.input ?? {};
    expect(input.bg_prompt).toBe(
      `a clean light wooden kitchen counter, morning light, ${getStyle('golden-hour')?.prompt.image}`,
    );
    await expectMoneyInvariants(t.database.pool);
  }, 40_000);

  it('refuse an unknown style and one the model does not take, in the person’s language, charging nothing', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const before = await tokens(cookie);
    const unknown = await create(
      cookie,
      'image',
      { model: 'seedream-3', prompt: 'a cat', style: 'vaporwave-9000' },
      { 'accept-language': 'ru' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({ field: 'style', code: 'unknown_style' }),
    ]);
    const unsuited = await create(cookie, 'video', {
      model: 'omni-human',
      prompt: 'a cat',
      style: 'anime',
    });
    expect(unsuited.statusCode).toBe(400);
    expect(unsuited.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'style', code: 'not_suited' })]),
    );
    const typed = await create(cookie, 'image', { model: 'seedream-3', prompt: 'a', style: 7 });
    expect(typed.json().errors).toEqual([
      expect.objectContaining({ field: 'style', code: 'invalid_type' }),
    ]);
    expect(await tokens(cookie)).toBe(before);
    const rows = await t.database.pool.query(
      'select count(*)::int as n from generation_requests where user_id = $1',
      [user.id],
    );
    expect(rows.rows[0].n).toBe(0);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('money is never lost or counted twice', () => {
  it('50 concurrent creates against a balance covering 3 accept exactly 3', async () => {
    const { cookie, user } = await signInDemo(t.app);
    await applyLedgerEntry(t.database.db, { userId: user.id, delta: -82, reason: 'adjustment' });
    expect(await tokens(cookie)).toBe(18);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        create(cookie, 'image', { model: 'imagen-4-ultra', prompt: `burst ${i} #slow` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(47);
    expect(await tokens(cookie)).toBe(0);
    await expectMoneyInvariants(t.database.pool);
    const refused = results.find((r) => r.statusCode === 402);
    expect(refused?.json()).toMatchObject({
      status: 402,
      detail: 'Not enough tokens. Required: 6 tokens',
    });
  });

  it('the same completed webhook delivered 20 times concurrently makes one transition and one refund', async () => {
    const { cookie } = await signInDemo(t.app);
    await t.stopWorker();
    const res = await create(cookie, 'image', {
      model: 'seedream-3',
      prompt: 'duplicate deliveries',
    });
    const id = (res.json() as { request_id: string }).request_id;
    // Submit by hand so we control the prediction's webhook deliveries.
    await t.container.engine.submit(id, { number: 1, max: 10 });
    const submitted = await read(cookie, id);
    const predictionId = submitted.replicate_id;
    const body = JSON.stringify({
      id: predictionId,
      status: 'failed',
      error: 'GPU fell over',
      output: null,
    });
    const webhookId = 'msg_duplicate_delivery_test';
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook({
      id: webhookId,
      timestamp,
      body,
      secret: t.config.replicate.webhookSecret,
    });
    // The address the prediction was created with: it names the request, with our MAC of it.
    const webhookAddress = createWebhookBinding({
      webhookUrl: `${t.base}/api/webhooks/replicate`,
      signingSecret: t.config.signingSecret,
    }).urlFor(id);
    const deliveries = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(webhookAddress, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': webhookId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature,
          },
          body,
        }),
      ),
    );
    expect(deliveries.every((d) => d.status === 204)).toBe(true);
    const events = await t.database.pool.query(
      `select count(*)::int as n from webhook_events where event_id = $1`,
      [webhookId],
    );
    expect((events.rows[0] as { n: number }).n).toBe(1);
    // Also race the ingestion itself, as a reconcile and a webhook job might.
    const prediction = {
      id: predictionId,
      status: 'failed' as const,
      error: 'GPU fell over',
      output: null,
    };
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.container.engine.ingest({ requestId: id, predictionId }, prediction),
      ),
    );
    await t.startWorker();
    const done = await waitForEnd(cookie, id);
    expect(done).toMatchObject({ status: 'failed', error_code: 'model_failed' });
    expect((await t.container.repositories.generations.findById(id))?.error).toBe('GPU fell over');
    const refunds = await t.database.pool.query(
      `select count(*)::int as n from token_ledger where generation_id = $1 and reason = 'generation_refund'`,
      [id],
    );
    expect((refunds.rows[0] as { n: number }).n).toBe(1);
    expect(await tokens(cookie)).toBe(100);
    await expectMoneyInvariants(t.database.pool);
  });

  it('rejects webhooks with a bad signature or a stale timestamp', async () => {
    const body = JSON.stringify({ id: 'p1', status: 'succeeded' });
    const stale = Math.floor(Date.now() / 1000) - 600;
    const cases = [
      {
        'webhook-id': 'msg_a',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      {
        'webhook-id': 'msg_b',
        'webhook-timestamp': String(stale),
        'webhook-signature': signWebhook({
          id: 'msg_b',
          timestamp: stale,
          body,
          secret: t.config.replicate.webhookSecret,
        }),
      },
    ];
    for (const headers of cases) {
      const res = await fetch(`${t.base}/api/webhooks/replicate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(401);
    }
  });

  it('Idempotency-Key: a repeat returns the first answer and charges once; another body is a conflict', async () => {
    const { cookie } = await signInDemo(t.app);
    const body = { model: 'seedream-3', prompt: 'once only #slow' };
    const first = await create(cookie, 'image', body, { 'idempotency-key': 'key-123' });
    const second = await create(cookie, 'image', body, { 'idempotency-key': 'key-123' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await tokens(cookie)).toBe(97);
    const other = await create(
      cookie,
      'image',
      { ...body, prompt: 'different' },
      { 'idempotency-key': 'key-123' },
    );
    expect(other.statusCode).toBe(409);
    expect(await tokens(cookie)).toBe(97);
  });
});

describe('creates of one person share a transaction, and stay exact', () => {
  it('every accepted create has one debit entry of its price and one submit job', async () => {
    const { cookie, user } = await signInDemo(t.app);
    await t.stopWorker();
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          create(cookie, 'image', { model: 'seedream-3', prompt: `together ${i}` }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const ids = results.map((r) => (r.json() as { request_id: string }).request_id);
      expect(new Set(ids).size).toBe(20);
      const debits = await t.database.pool.query(
        `select generation_id, delta from token_ledger
         where user_id = $1 and reason = 'generation_debit'`,
        [user.id],
      );
      expect(debits.rows.map((r) => r.generation_id).sort()).toEqual([...ids].sort());
      expect(debits.rows.every((r) => r.delta === -3)).toBe(true);
      const jobs = await t.database.pool.query(
        `select j.key from graphile_worker._private_jobs j
         join graphile_worker._private_tasks k on k.id = j.task_id
         where k.identifier = 'submit_generation' and j.key = any($1::text[])`,
        [ids.map((id) => `submit:${id}`)],
      );
      expect(jobs.rows).toHaveLength(20);
      expect(await tokens(cookie)).toBe(40);
      await expectMoneyInvariants(t.database.pool);
    } finally {
      await t.startWorker();
    }
  });

  it('the same Idempotency-Key sent 20 times at once creates once and answers the same; then another body is refused', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const body = { model: 'seedream-3', prompt: 'only once #slow' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => create(cookie, 'image', body, { 'idempotency-key': 'k-1' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => (r.json() as { request_id: string }).request_id));
    expect(ids.size).toBe(1);
    expect(await tokens(cookie)).toBe(97);
    // The same key with another body, 20 times at once: every one refused, nothing charged.
    const other = await Promise.all(
      Array.from({ length: 20 }, () =>
        create(
          cookie,
          'image',
          { ...body, prompt: 'something else' },
          { 'idempotency-key': 'k-1' },
        ),
      ),
    );
    expect(other.map((r) => r.statusCode)).toEqual(Array(20).fill(409));
    expect(await tokens(cookie)).toBe(97);
    const rows = await t.database.pool.query(
      'select count(*)::int as n from generation_requests where user_id = $1',
      [user.id],
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
    await expectMoneyInvariants(t.database.pool);
  });

  it('a key refused for tokens is not kept: it works once the balance covers it', async () => {
    const { cookie, user } = await signInDemo(t.app);
    await applyLedgerEntry(t.database.db, { userId: user.id, delta: -97, reason: 'adjustment' });
    const body = (n: number) => ({ model: 'seedream-3', prompt: `keyed ${n} #slow` });
    const [a, b] = await Promise.all([
      create(cookie, 'image', body(1), { 'idempotency-key': 'k-a' }),
      create(cookie, 'image', body(2), { 'idempotency-key': 'k-b' }),
    ]);
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([200, 402]);
    const [won, wonBody, lostKey, lostBody] =
      a?.statusCode === 200 ? [a, body(1), 'k-b', body(2)] : [b, body(2), 'k-a', body(1)];
    await applyLedgerEntry(t.database.db, { userId: user.id, delta: 3, reason: 'adjustment' });
    const retried = await create(cookie, 'image', lostBody, { 'idempotency-key': lostKey });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).not.toEqual(won?.json());
    const replayed = await create(cookie, 'image', wonBody, {
      'idempotency-key': lostKey === 'k-a' ? 'k-b' : 'k-a',
    });
    expect(replayed.json()).toEqual(won?.json());
    expect(await tokens(cookie)).toBe(0);
    await expectMoneyInvariants(t.database.pool);
  });

  it('a create the database refuses fails alone; the others sent with it go through', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        create(cookie, 'image', { model: 'seedream-3', prompt: `fine ${i} #slow` }),
      ),
      // PostgreSQL's jsonb cannot hold U+0000, so this one's statement is refused.
      create(cookie, 'image', { model: 'seedream-3', prompt: 'nul \u0000 inside' }),
    ]);
    expect(results.slice(0, 5).map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(results[5]?.statusCode).not.toBe(200);
    const rows = await t.database.pool.query(
      'select count(*)::int as n from generation_requests where user_id = $1',
      [user.id],
    );
    expect(rows.rows[0]).toEqual({ n: 5 });
    expect(await tokens(cookie)).toBe(85);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('after a crash, nothing stays pending', () => {
  it('re-submits a request whose worker died and completes it; fails and refunds one whose prediction vanished', async () => {
    const { cookie } = await signInDemo(t.app);
    await t.stopWorker();
    // A request accepted while no worker runs (its job lost with a crashed worker)…
    const stranded = await create(cookie, 'image', { model: 'seedream-3', prompt: 'stranded' });
    const strandedId = (stranded.json() as { request_id: string }).request_id;
    await t.database.pool.query(`delete from graphile_worker._private_jobs`);
    // …and one whose prediction the provider forgot (a provider restart).
    const forgotten = await create(cookie, 'image', {
      model: 'seedream-3',
      prompt: 'forgotten #slow',
    });
    const forgottenId = (forgotten.json() as { request_id: string }).request_id;
    await t.container.engine.submit(forgottenId, { number: 1, max: 10 });
    const submitted = await read(cookie, forgottenId);
    expect(submitted.replicate_id).not.toBe('');
    expect(['pending', 'processing']).toContain(submitted.status);
    const emulator = t.container.demo.replicate;
    if (!emulator) throw new Error('the Replicate emulator is not mounted');
    emulator.clear();
    expect(await tokens(cookie)).toBe(94);

    // The restarted server reconciles: as if ten minutes had passed in silence.
    await t.container.engine.reconcile(new Date(Date.now() + 10 * 60_000));
    await t.startWorker();
    const first = await waitForEnd(cookie, strandedId);
    const second = await waitForEnd(cookie, forgottenId);
    expect(first.status).toBe('completed');
    expect(second).toMatchObject({ status: 'failed' });
    expect(await tokens(cookie)).toBe(97);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('submitting', () => {
  it('creates one prediction per request, however many submits race for it or come late', async () => {
    const { cookie } = await signInDemo(t.app);
    await t.stopWorker();
    try {
      const res = await create(cookie, 'image', { model: 'seedream-3', prompt: 'once #slow' });
      const id = (res.json() as { request_id: string }).request_id;
      const submit = () => t.container.engine.submit(id, { number: 1, max: 10 });
      await Promise.all([submit(), submit(), submit()]);
      // A retry freed long after (a dead worker's job) finds it submitted and does nothing.
      await submit();

      const listed = await fetch(`${t.config.replicate.baseUrl}/predictions`, {
        headers: { authorization: `Bearer ${t.config.replicate.token}` },
      });
      const { results } = (await listed.json()) as {
        results: { id: string; status: string; webhook?: string }[];
      };
      const mine = results.filter((p) => p.webhook?.includes(`request=${id}`));
      const live = mine.filter((p) => p.status !== 'canceled');
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(3);
      expect(live.map((p) => p.id)).toEqual([(await read(cookie, id)).replicate_id]);
      const canceled = await t.app.inject({
        method: 'POST',
        url: `/api/generations/${id}/cancel`,
        headers: { cookie, ...ORIGIN },
      });
      expect(canceled.statusCode).toBe(200);
    } finally {
      await t.startWorker();
    }
  });
});

describe('bad input changes nothing', () => {
  let cookie: string;
  let uploaded: string;
  beforeAll(async () => {
    ({ cookie } = await signInDemo(t.app));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    uploaded = (await uploadPicture(t.app, cookie, png)).urls.get;
  });

  it.each([
    ['video', { model: 'seedance-pro', prompt: 'x', duration: 11 }, 'duration'],
    ['video', { model: 'hunyuan', prompt: 'x', width: 100 }, 'width'],
    ['video', { model: 'hunyuan', prompt: 'x', video_length: 50 }, 'video_length'],
    ['image', { model: 'seedream-3', prompt: 'x', seed: -1 }, 'seed'],
    ['image', { model: 'seedream-3', prompt: '  ' }, 'prompt'],
    ['image', { model: 'seedream-3', prompt: 'a\u0000cat' }, 'prompt'],
    ['image', { model: 'seedream-3', prompt: 'a \ud83e cat' }, 'prompt'],
    [
      'image',
      { model: 'qwen-image', prompt: 'x', negative_prompt: 'blur\u0000' },
      'negative_prompt',
    ],
    ['image', { model: 'nope', prompt: 'x' }, 'model'],
    ['image', { model: 'veo3', prompt: 'x' }, 'model'],
    [
      'image',
      { model: 'flux-kontext-pro', prompt: 'x', input_image: 'https://evil.example/cat.png' },
      'input_image',
    ],
    [
      'image',
      {
        model: 'flux-kontext-pro',
        prompt: 'x',
        input_image: 'http://127.0.0.1:1/api/files/00000000-0000-4000-8000-000000000000/x.png',
      },
      'input_image',
    ],
    [
      'image',
      { model: 'flux-kontext-pro', prompt: 'x', safety_tolerance: 5, input_image: '__UPLOADED__' },
      'safety_tolerance',
    ],
    [
      'image',
      { model: 'imagen-4-ultra', prompt: 'x', translate_prompt: 'yes' },
      'translate_prompt',
    ],
  ])('%s %j → 400 naming %s, nothing charged', async (type, body, field) => {
    const payload = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, v === '__UPLOADED__' ? uploaded : v]),
    );
    const before = await tokens(cookie);
    const count = await t.database.pool.query('select count(*)::int as n from generation_requests');
    const res = await create(cookie, type as 'image' | 'video', payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      field,
    );
    expect(await tokens(cookie)).toBe(before);
    const after = await t.database.pool.query('select count(*)::int as n from generation_requests');
    expect(after.rows[0]).toEqual(count.rows[0]);
  });

  it("accepts the person's own upload as an input image", async () => {
    const res = await create(cookie, 'image', {
      model: 'flux-kontext-pro',
      prompt: 'x #slow',
      input_image: uploaded,
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses someone else's upload", async () => {
    const other = await signInDemo(t.app);
    const res = await create(other.cookie, 'image', {
      model: 'flux-kontext-pro',
      prompt: 'x',
      input_image: uploaded,
    });
    expect(res.statusCode).toBe(400);
  });

  it("takes the person's own generated image as a video's input ('Animate'), nobody else's", async () => {
    const made = await create(cookie, 'image', { model: 'seedream-3', prompt: 'a red fox' });
    expect(made.statusCode).toBe(200);
    const done = await waitForEnd(cookie, (made.json() as { request_id: string }).request_id);
    expect(done.status).toBe('completed');
    const output = done.expand.output_files[0];
    if (!output) throw new Error('no output');
    const image = new URL(output.url, new URL(uploaded).origin).href;

    const animate = { model: 'seedance-lite', prompt: 'it moves #slow', image, duration: 5 };
    const other = await signInDemo(t.app);
    const refused = await create(other.cookie, 'video', animate);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('image');

    const accepted = await create(cookie, 'video', animate);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      payload: { model: 'seedream-3', prompt: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

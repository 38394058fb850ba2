import { randomUUID } from 'node:crypto';
// The finishing tools (ADR 038) end to end: the real server on PostgreSQL, the Replicate emulator
// over HTTP running each tool on the real input, the job worker. Each tool runs on a generated
// result and on an upload, and its output is checked for what it must be; the money, the lineage
// and every refusal are checked alongside.
import { expandLayout, type ParamValue } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, uploadPicture } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

let t: LiveApp;
beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0' });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };

type Person = { cookie: string; id: string };

/** A person with plenty of tokens (a welcome bonus and an adjustment, both through the ledger). */
async function person(): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  await applyLedgerEntry(t.database.db, { userId: user.id, delta: 400, reason: 'adjustment' });
  return { cookie, id: user.id };
}

async function create(cookie: string, body: Record<string, unknown>, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-image',
    headers: { cookie, 'accept-language': lang, ...ORIGIN },
    payload: body,
  });
}

async function estimate(cookie: string, body: Record<string, unknown>): Promise<number> {
  const { model, prompt = '', ...parameters } = body;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/estimate-image',
    headers: { cookie, ...ORIGIN },
    payload: { model, prompt, parameters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { estimation: number }).estimation;
}

async function read(cookie: string, id: string): Promise<GenerationRecord> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/generations/${id}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function waitForEnd(cookie: string, id: string, ms = 20_000): Promise<GenerationRecord> {
  const started = Date.now();
  for (;;) {
    const record = await read(cookie, id);
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() - started > ms) throw new Error(`generation ${id} still ${record.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function edits(cookie: string, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/generations/${id}/edits`, headers: { cookie } });
}

async function tokens(cookie: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (res.json() as { tokens: number }).tokens;
}

async function generationCount(userId: string): Promise<number> {
  const result = await t.database.pool.query(
    'select count(*)::int as n from generation_requests where user_id = $1',
    [userId],
  );
  return (result.rows[0] as { n: number }).n;
}

async function upload(cookie: string, bytes: Buffer) {
  return uploadPicture(t.app, cookie, bytes);
}

async function bytesOf(cookie: string, url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** RGBA pixels of a picture. */
async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A simple subject on a plain background: a dark disc on light grey, with a red band. */
function subjectPicture(width: number, height: number): Promise<Buffer> {
  const r = Math.round(Math.min(width, height) * 0.3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#d8d8d8"/>
    <rect x="0" y="0" width="${Math.round(width / 3)}" height="${Math.round(height / 6)}" fill="#c03030"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#203060"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The region inpainting repaints: white (repaint) in the middle, black (keep) elsewhere. */
const maskBox = (w: number, h: number) => ({
  left: Math.round(w * 0.35),
  top: Math.round(h * 0.35),
  width: Math.round(w * 0.3),
  height: Math.round(h * 0.3),
});

function maskPicture(width: number, height: number): Promise<Buffer> {
  const box = maskBox(width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#000"/>
    <rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * How far two pictures' pixels are apart inside a region of `a` placed at (dx, dy) of `b`,
 * skipping pixels `skip` says: the mean absolute difference per channel and the share of pixels
 * off by more than 24 in any colour channel.
 */
function difference(
  a: { data: Buffer; width: number; height: number },
  b: { data: Buffer; width: number; height: number },
  place: { dx: number; dy: number },
  skip: (x: number, y: number) => boolean = () => false,
) {
  let total = 0;
  let counted = 0;
  let off = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (skip(x, y)) continue;
      const i = (y * a.width + x) * 4;
      const j = ((y + place.dy) * b.width + (x + place.dx)) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs((a.data[i + c] ?? 0) - (b.data[j + c] ?? 0));
        total += d;
        worst = Math.max(worst, d);
      }
      if (worst > 24) off++;
      counted++;
    }
  }
  return { mean: total / (counted * 3), offShare: off / counted };
}

type Source = { label: string; url: string; width: number; height: number; id: string | null };

/** The five tools' requests on a source, and what each output must be. */
function toolRuns(source: Source, maskUrl: string) {
  return [
    { tool: 'upscale ×2', body: { model: 'upscale', image: source.url, scale: 2 } },
    { tool: 'upscale ×4', body: { model: 'upscale', image: source.url, scale: 4 } },
    { tool: 'remove-background', body: { model: 'remove-background', image: source.url } },
    {
      tool: 'replace-background',
      body: { model: 'replace-background', image: source.url, prompt: 'a sunny beach' },
    },
    {
      tool: 'expand',
      body: {
        model: 'expand',
        image: source.url,
        aspect_ratio: '16:9',
        zoom: 1.25,
        position_x: 100,
        position_y: 20,
      },
    },
    {
      tool: 'inpaint',
      body: { model: 'inpaint', image: source.url, mask: maskUrl, prompt: 'a yellow flower' },
    },
  ];
}

async function checkOutput(
  cookie: string,
  tool: string,
  body: Record<string, unknown>,
  source: Source,
  sourceBytes: Buffer,
  record: GenerationRecord,
) {
  const [file] = record.expand.output_files;
  if (!file) throw new Error(`${tool}: no output`);
  const out = await pixels(await bytesOf(cookie, file.url));
  const original = await pixels(sourceBytes);
  expect([file.width, file.height], tool).toEqual([out.width, out.height]);
  switch (record.model) {
    case 'upscale': {
      const scale = body.scale as number;
      expect([out.width, out.height], tool).toEqual([source.width * scale, source.height * scale]);
      break;
    }
    case 'remove-background': {
      expect(file.mime).toBe('image/png');
      expect((await sharp(await bytesOf(cookie, file.url)).metadata()).hasAlpha).toBe(true);
      expect([out.width, out.height]).toEqual([source.width, source.height]);
      const alpha = (x: number, y: number) => out.data[(y * out.width + x) * 4 + 3];
      const [w, h] = [out.width - 1, out.height - 1];
      expect([alpha(0, h), alpha(w, 0), alpha(w, h)], 'corners transparent').toEqual([0, 0, 0]);
      // The upload's subject is a disc in the middle; a generated picture's is wherever it is.
      if (source.id === null) {
        expect(alpha(Math.round(w / 2), Math.round(h / 2)), 'the subject kept').toBe(255);
      }
      // The preview of a transparent picture stays transparent.
      const preview = await bytesOf(cookie, file.thumbnail ?? '');
      const previewMeta = await sharp(preview).metadata();
      expect(previewMeta.hasAlpha).toBe(true);
      const thumb = await pixels(preview);
      expect(thumb.data[(thumb.width * thumb.height - 1) * 4 + 3]).toBeLessThan(16);
      break;
    }
    case 'replace-background':
      expect([out.width, out.height]).toEqual([source.width, source.height]);
      break;
    case 'expand': {
      const layout = expandLayout(body as Record<string, ParamValue>, source);
      expect([out.width, out.height]).toEqual([layout.canvas.width, layout.canvas.height]);
      expect([layout.original.width, layout.original.height]).toEqual([
        source.width,
        source.height,
      ]);
      const inside = difference(original, out, { dx: layout.location.x, dy: layout.location.y });
      expect(inside.mean, 'the original where it was placed').toBeLessThan(6);
      break;
    }
    case 'inpaint': {
      expect([out.width, out.height]).toEqual([source.width, source.height]);
      const box = maskBox(source.width, source.height);
      const band = 3;
      const nearMask = (x: number, y: number) =>
        x >= box.left - band &&
        x < box.left + box.width + band &&
        y >= box.top - band &&
        y < box.top + box.height + band;
      const kept = difference(original, out, { dx: 0, dy: 0 }, nearMask);
      expect(kept.mean, 'the unmasked pixels unchanged').toBeLessThan(3);
      expect(kept.offShare).toBeLessThan(0.01);
      const repainted = difference(
        original,
        out,
        { dx: 0, dy: 0 },
        (x, y) =>
          !(
            x >= box.left + band &&
            x < box.left + box.width - band &&
            y >= box.top + band &&
            y < box.top + box.height - band
          ),
      );
      expect(repainted.mean, 'the masked region repainted').toBeGreaterThan(3);
      break;
    }
    default:
      throw new Error(`unexpected model ${record.model}`);
  }
}

// ×4 on the upload only: on a generated result it would make a 5.6 MP PNG, seconds of the
// emulator's time for nothing ×2 does not check already.
const everyTool = ['upscale ×2', 'remove-background', 'replace-background', 'expand', 'inpaint'];

describe.each([
  ['a generated result', everyTool],
  ['an upload', ['upscale ×4', ...everyTool]],
] as const)('every tool on %s', (label, tools) => {
  let owner: Person;
  let source: Source;
  let sourceBytes: Buffer;
  let maskUrl: string;
  const runs: {
    tool: string;
    body: Record<string, unknown>;
    estimate: number;
    id: string;
    record?: GenerationRecord;
  }[] = [];
  let before = 0;

  beforeAll(async () => {
    owner = await person();
    if (label === 'a generated result') {
      const made = await create(owner.cookie, {
        model: 'seedream-3',
        prompt: 'a dark disc on a grey wall',
        aspect_ratio: '4:3',
        size: 'small',
      });
      expect(made.statusCode, made.body).toBe(200);
      const record = await waitForEnd(
        owner.cookie,
        (made.json() as { request_id: string }).request_id,
      );
      const [file] = record.expand.output_files;
      if (record.status !== 'completed' || !file?.width || !file.height) {
        throw new Error('the source did not complete with a sized picture');
      }
      sourceBytes = await bytesOf(owner.cookie, file.url);
      source = {
        label,
        url: `${t.base}${file.url}`,
        width: file.width,
        height: file.height,
        id: record.id,
      };
    } else {
      sourceBytes = await subjectPicture(120, 80);
      const uploaded = await upload(owner.cookie, sourceBytes);
      source = { label, url: uploaded.urls.get, ...uploaded, id: null };
      expect([source.width, source.height]).toEqual([120, 80]);
    }
    maskUrl = (await upload(owner.cookie, await maskPicture(source.width, source.height))).urls.get;
    before = await tokens(owner.cookie);
    // All at once, as a person with several tabs might: each priced first, as the button shows.
    for (const run of toolRuns(source, maskUrl).filter((r) => tools.includes(r.tool))) {
      runs.push({ ...run, estimate: await estimate(owner.cookie, run.body), id: '' });
    }
    await Promise.all(
      runs.map(async (run) => {
        const res = await create(owner.cookie, run.body);
        expect(res.statusCode, `${run.tool}: ${res.body}`).toBe(200);
        run.id = (res.json() as { request_id: string }).request_id;
      }),
    );
    await Promise.all(
      runs.map(async (run) => {
        run.record = await waitForEnd(owner.cookie, run.id);
      }),
    );
  }, 30_000);

  it.each(tools)(
    '%s makes what it must, charged its estimate, linked to its source',
    async (tool) => {
      const run = runs.find((r) => r.tool === tool);
      if (!run?.record) throw new Error(`${tool} did not run`);
      expect(run.record.status, `${tool}: ${run.record.error_code}`).toBe('completed');
      expect(run.record.cost).toBe(run.estimate);
      const debit = await t.database.pool.query(
        `select coalesce(sum(delta), 0)::int as n from token_ledger where generation_id = $1`,
        [run.id],
      );
      expect((debit.rows[0] as { n: number }).n).toBe(-run.estimate);
      expect(run.record.source_id).toBe(source.id);
      await checkOutput(owner.cookie, tool, run.body, source, sourceBytes, run.record);
    },
  );

  it('charges exactly the sum of the estimates, and lists the edits of a result', async () => {
    const spent = runs.reduce((sum, run) => sum + run.estimate, 0);
    expect(await tokens(owner.cookie)).toBe(before - spent);
    // Upscale is priced per output megapixel: ×4 makes 16 times the pixels of the source.
    const x4 = runs.find((r) => r.tool === 'upscale ×4');
    if (x4) {
      const megapixels = (source.width * 4 * source.height * 4) / 1_000_000;
      expect(x4.estimate).toBe(Math.max(1, Math.ceil(0.25 * megapixels)));
    }
    if (source.id !== null) {
      const listed = await edits(owner.cookie, source.id);
      expect(listed.statusCode).toBe(200);
      const items = (listed.json() as { items: GenerationRecord[] }).items;
      expect(items.map((i) => i.id).sort()).toEqual(runs.map((r) => r.id).sort());
      expect(items.every((i) => i.source_id === source.id)).toBe(true);
    }
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('batches', () => {
  it('a batch of upscales is quoted per picture, and each item runs as the tool', async () => {
    const { cookie } = await person();
    const pictures = [
      (await upload(cookie, await subjectPicture(120, 80))).urls.get,
      (await upload(cookie, await subjectPicture(300, 200))).urls.get,
    ];
    const items = pictures.map((image) => ({
      model: 'upscale',
      prompt: '',
      parameters: { image, scale: 4 },
    }));
    const estimates = await Promise.all(
      pictures.map((image) => estimate(cookie, { model: 'upscale', image, scale: 4 })),
    );
    const total = estimates.reduce((sum, cost) => sum + cost, 0);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/batches/quote',
      headers: { cookie, ...ORIGIN },
      payload: { type: 'image', items },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      items: estimates.map((cost) => ({ model: 'upscale', cost })),
      total,
    });
    const before = await tokens(cookie);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/batches',
      headers: { cookie, ...ORIGIN, 'idempotency-key': randomUUID() },
      payload: { type: 'image', items },
    });
    expect(made.statusCode, made.body).toBe(200);
    const batch = made.json() as { items: { state: string; generation_id: string | null }[] };
    expect(batch.items.map((item) => item.state)).toEqual(['started', 'started']);
    const records = await Promise.all(
      batch.items.map((item) => waitForEnd(cookie, item.generation_id ?? '')),
    );
    expect(records.map((r) => [r.status, r.model, r.expand.output_files[0]?.width])).toEqual([
      ['completed', 'upscale', 480],
      ['completed', 'upscale', 1200],
    ]);
    expect(await tokens(cookie)).toBe(before - total);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('lineage', () => {
  it('chains generate → remove background → replace background → upscale, both ways, and survives a deleted source', async () => {
    const { cookie } = await person();
    const generated = await waitForEnd(
      cookie,
      (
        (
          await create(cookie, { model: 'seedream-3', prompt: 'a teapot', size: 'small' })
        ).json() as { request_id: string }
      ).request_id,
    );
    const chain = [generated];
    for (const step of [
      { model: 'remove-background' },
      { model: 'replace-background', prompt: 'a marble kitchen' },
      { model: 'upscale', scale: 2 },
    ]) {
      const previous = chain.at(-1) as GenerationRecord;
      const file = previous.expand.output_files[0];
      const res = await create(cookie, { ...step, image: `${t.base}${file?.url ?? ''}` });
      expect(res.statusCode, res.body).toBe(200);
      const done = await waitForEnd(cookie, (res.json() as { request_id: string }).request_id);
      expect(done.status).toBe('completed');
      expect(done.source_id).toBe(previous.id);
      chain.push(done);
    }
    // Each result lists the one made from it; the last none.
    for (const [i, record] of chain.entries()) {
      const items = ((await edits(cookie, record.id)).json() as { items: GenerationRecord[] })
        .items;
      expect(items.map((e) => e.id)).toEqual(chain[i + 1] ? [chain[i + 1]?.id] : []);
    }
    // The history page (stored records) says what the single record says.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/generations?page=1&perPage=10',
      headers: { cookie },
    });
    const listed = (history.json() as { items: GenerationRecord[] }).items;
    for (const record of chain) {
      expect(listed.find((i) => i.id === record.id)).toEqual(await read(cookie, record.id));
    }
    // A model given a result as its input image is linked too.
    const animateLike = await create(cookie, {
      model: 'flux-kontext-pro',
      prompt: 'the same teapot, in blue',
      input_image: `${t.base}${generated.expand.output_files[0]?.url ?? ''}`,
    });
    const kontext = await read(cookie, (animateLike.json() as { request_id: string }).request_id);
    expect(kontext.source_id).toBe(generated.id);
    await waitForEnd(cookie, kontext.id);

    // Deleting a source leaves its edits, unlinked, in the record and in the history alike.
    const cut = chain[1] as GenerationRecord;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/generations/${cut.id}`,
      headers: { cookie, ...ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    const orphan = await read(cookie, chain[2]?.id ?? '');
    expect(orphan.source_id).toBeNull();
    const after = (
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/generations?page=1&perPage=10',
          headers: { cookie },
        })
      ).json() as { items: GenerationRecord[] }
    ).items;
    expect(after.find((i) => i.id === orphan.id)).toEqual(orphan);
    // The first result keeps only what is still made from it: the kontext edit.
    const firstEdits = (await edits(cookie, chain[0]?.id ?? '')).json() as {
      items: GenerationRecord[];
    };
    expect(firstEdits.items.map((e) => e.id)).toEqual([kontext.id]);
  });

  it('edits of someone else’s generation, or of none, are not found', async () => {
    const owner = await person();
    const made = await create(owner.cookie, { model: 'seedream-3', prompt: 'mine', size: 'small' });
    const id = (made.json() as { request_id: string }).request_id;
    const stranger = await person();
    expect((await edits(stranger.cookie, id)).statusCode).toBe(404);
    expect((await edits(owner.cookie, 'not-a-uuid')).statusCode).toBe(404);
    expect((await edits(owner.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await edits(owner.cookie, id)).json()).toEqual({ items: [] });
    await waitForEnd(owner.cookie, id);
  });
});

describe('refunds', () => {
  it('a failed replace-background (#fail) is refunded in full', async () => {
    const { cookie } = await person();
    const { urls } = await upload(cookie, await subjectPicture(64, 48));
    const before = await tokens(cookie);
    const res = await create(cookie, {
      model: 'replace-background',
      image: urls.get,
      prompt: 'a stormy sea #fail',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokens(cookie)).toBe(before - 4);
    const done = await waitForEnd(cookie, (res.json() as { request_id: string }).request_id);
    expect(done).toMatchObject({ status: 'failed', error_code: 'model_failed' });
    expect(await tokens(cookie)).toBe(before);
    await expectMoneyInvariants(t.database.pool);
  });

  it('a cancelled tool run is refunded in full', async () => {
    const { cookie } = await person();
    const { urls } = await upload(cookie, await subjectPicture(64, 48));
    const before = await tokens(cookie);
    const res = await create(cookie, {
      model: 'inpaint',
      image: urls.get,
      mask: (await upload(cookie, await maskPicture(64, 48))).urls.get,
      prompt: 'a slow brush #slow',
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
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'failed', error_code: 'canceled' });
    expect(await tokens(cookie)).toBe(before);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('refusals change nothing', () => {
  let owner: Person;
  let small: string;
  let large: string;
  beforeAll(async () => {
    owner = await person();
    small = (await upload(owner.cookie, await subjectPicture(90, 60))).urls.get;
    // 1600 × 1600 × 4 = 41 MP: past the 36 MP a tool makes.
    large = (
      await upload(
        owner.cookie,
        await sharp({
          create: { width: 1600, height: 1600, channels: 3, background: '#808080' },
        })
          .png()
          .toBuffer(),
      )
    ).urls.get;
  });

  it.each([
    ['no source picture', { model: 'upscale', scale: 2 }, 'image', 'required'],
    ['a mask missing', () => ({ model: 'inpaint', image: small }), 'mask', 'required'],
    [
      'an expand to the picture’s own shape',
      () => ({ model: 'expand', image: small, aspect_ratio: '3:2' }),
      'image',
      'nothing_to_do',
    ],
    [
      'an upscale too large',
      () => ({ model: 'upscale', image: large, scale: 4 }),
      'image',
      'too_large',
    ],
    [
      'a mask of another size than the picture',
      () => ({ model: 'inpaint', image: small, mask: large }),
      'mask',
      'size_mismatch',
    ],
    [
      'a prompt sent to upscale',
      () => ({ model: 'upscale', image: small, scale: 2, prompt: 'sharper please' }),
      'prompt',
      'not_supported',
    ],
    [
      'no prompt for replace-background',
      () => ({ model: 'replace-background', image: small }),
      'prompt',
      'required',
    ],
    [
      'an address that is not a picture of Kadr',
      () => ({ model: 'remove-background', image: 'https://example.com/cat.png' }),
      'image',
      'not_uploaded',
    ],
  ] as const)(
    '%s: 400 on the field, nothing charged or written',
    async (_label, body, field, code) => {
      const payload = typeof body === 'function' ? body() : body;
      const before = { tokens: await tokens(owner.cookie), rows: await generationCount(owner.id) };
      const res = await create(owner.cookie, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect((res.json() as { errors: { field: string; code: string }[] }).errors).toContainEqual(
        expect.objectContaining({ field, code }),
      );
      // The estimate refuses it the same way: the button never shows a price the create refuses.
      const { model, prompt = '', ...parameters } = payload as Record<string, unknown>;
      const priced = await t.app.inject({
        method: 'POST',
        url: '/api/estimate-image',
        headers: { cookie: owner.cookie, ...ORIGIN },
        payload: { model, prompt, parameters },
      });
      expect(priced.statusCode).toBe(400);
      expect({ tokens: await tokens(owner.cookie), rows: await generationCount(owner.id) }).toEqual(
        before,
      );
    },
  );

  it('someone else’s picture is refused as not theirs', async () => {
    const stranger = await person();
    const before = await tokens(stranger.cookie);
    const res = await create(stranger.cookie, { model: 'upscale', image: small, scale: 2 });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: unknown[] }).errors).toContainEqual(
      expect.objectContaining({ field: 'image', code: 'not_uploaded' }),
    );
    expect(await tokens(stranger.cookie)).toBe(before);
    expect(await generationCount(stranger.id)).toBe(0);
  });

  it('says a tool’s refusal in the person’s language', async () => {
    const ru = await create(owner.cookie, { model: 'upscale', image: large, scale: 4 }, 'ru');
    expect(ru.json()).toMatchObject({ status: 400, detail: expect.stringContaining('Результат') });
    const en = await create(owner.cookie, { model: 'expand', image: small, aspect_ratio: '3:2' });
    expect(en.json()).toMatchObject({ detail: expect.stringContaining('already has this shape') });
    const noPrompt = await create(
      owner.cookie,
      { model: 'upscale', image: small, scale: 2, prompt: 'x' },
      'ru',
    );
    expect(noPrompt.json()).toMatchObject({ detail: expect.stringContaining('описание не нужно') });
    const mask = await create(owner.cookie, { model: 'inpaint', image: small, mask: large }, 'ru');
    expect(mask.json()).toMatchObject({ detail: expect.stringContaining('Маска должна быть') });
  });

  it('an estimate of a tool needs a session (its price depends on the person’s picture)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/estimate-image',
      headers: ORIGIN,
      payload: { model: 'upscale', parameters: { image: small, scale: 2 } },
    });
    expect(res.statusCode).toBe(401);
  });

  afterAll(async () => {
    await expectMoneyInvariants(t.database.pool);
  });
});

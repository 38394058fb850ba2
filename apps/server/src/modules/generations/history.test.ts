import { priceOf, validateRequest } from '@kadr/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

// No job worker here: creates are recorded (and their submit jobs queued), nothing is submitted.
let t: TestApp;
beforeAll(async () => {
  // Bursts of one person's creates test the counts; the running cap has its own tests.
  t = await buildTestApp({
    WELCOME_TOKENS: '100',
    ALLOWED_ORIGINS: 'http://localhost:3000',
    MAX_RUNNING_GENERATIONS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };
const IMAGE = { model: 'seedream-3', prompt: 'a quiet harbour' };
const VIDEO = { model: 'seedance-lite', prompt: 'waves on a quiet harbour', duration: 5 };

function price(body: { model: string; prompt: string; duration?: number }): number {
  const validated = validateRequest(body.model, {
    prompt: body.prompt,
    parameters: {},
    duration: body.duration ?? 0,
  });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  return priceOf(body.model, validated.value);
}

async function person(tokens: number) {
  const signed = await signInDemo(t.app);
  if (tokens !== 100) {
    await applyLedgerEntry(t.database.db, {
      userId: signed.user.id,
      delta: tokens - 100,
      reason: 'adjustment',
    });
  }
  return signed;
}

async function create(cookie: string, type: 'image' | 'video', body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/create-${type}`,
    headers: { cookie, ...ORIGIN },
    payload: body,
  });
}

interface Page {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: { id: string; type: string; status: string; jsondata: { prompt: string } }[];
}

async function list(cookie: string, query: string): Promise<Page> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/generations?${query}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the history's totals must say: the rows themselves, counted. */
async function counted(userId: string) {
  const result = await t.database.pool.query<{ type: string; n: number }>(
    'select type, count(*)::int as n from generation_requests where user_id = $1 group by type',
    [userId],
  );
  const by = Object.fromEntries(result.rows.map((r) => [r.type, r.n]));
  return { image: by.image ?? 0, video: by.video ?? 0 };
}

async function countsTable(userId: string) {
  const result = await t.database.pool.query<{ type: string; total: number }>(
    'select type, total from generation_counts where user_id = $1',
    [userId],
  );
  const by = Object.fromEntries(result.rows.map((r) => [r.type, r.total]));
  return { image: by.image ?? 0, video: by.video ?? 0 };
}

describe('history totals', () => {
  it('are exact after creates, in all and per type, with pages and newest first', async () => {
    const { cookie, user } = await person(1000);
    const created: string[] = [];
    for (const [i, type] of ['image', 'video', 'image', 'image', 'video'].entries()) {
      const body = type === 'image' ? IMAGE : VIDEO;
      const res = await create(cookie, type as 'image' | 'video', {
        ...body,
        prompt: `${body.prompt} ${i}`,
      });
      expect(res.statusCode).toBe(200);
      created.push((res.json() as { request_id: string }).request_id);
    }

    const all = await list(cookie, 'page=1&perPage=2');
    expect(all).toMatchObject({ page: 1, perPage: 2, totalItems: 5, totalPages: 3 });
    expect(all.items.map((i) => i.id)).toEqual([created[4], created[3]]);
    const last = await list(cookie, 'page=3&perPage=2');
    expect(last.items.map((i) => i.id)).toEqual([created[0]]);

    const images = await list(cookie, 'page=1&perPage=12&type=image');
    expect(images).toMatchObject({ totalItems: 3, totalPages: 1 });
    expect(images.items.map((i) => i.id)).toEqual([created[3], created[2], created[0]]);
    const videos = await list(cookie, 'page=1&perPage=12&type=video');
    expect(videos).toMatchObject({ totalItems: 2, totalPages: 1 });
    expect(videos.items.every((i) => i.type === 'video')).toBe(true);
    expect(await countsTable(user.id)).toEqual(await counted(user.id));
  });

  it('a page past the end still answers the totals, with no items', async () => {
    const { cookie } = await person(100);
    await create(cookie, 'image', IMAGE);
    expect(await list(cookie, 'page=5&perPage=12')).toEqual({
      page: 5,
      perPage: 12,
      totalItems: 1,
      totalPages: 1,
      items: [],
    });
    expect(await list(cookie, 'page=1&perPage=12&type=video')).toMatchObject({
      totalItems: 0,
      totalPages: 0,
      items: [],
    });
  });

  it('counts only the person’s own generations', async () => {
    const one = await person(100);
    const other = await person(100);
    await create(one.cookie, 'image', IMAGE);
    await create(one.cookie, 'image', IMAGE);
    await create(other.cookie, 'image', IMAGE);
    expect((await list(one.cookie, '')).totalItems).toBe(2);
    const theirs = await list(other.cookie, '');
    expect(theirs.totalItems).toBe(1);
    expect(theirs.items).toHaveLength(1);
  });

  it('stay exact under a burst of concurrent creates of both types, with the money right', async () => {
    const cost = { image: price(IMAGE), video: price(VIDEO) };
    const { cookie, user } = await person(10 * cost.image + 5 * cost.video);
    const types = Array.from({ length: 40 }, (_, i): 'image' | 'video' =>
      i % 3 === 0 ? 'video' : 'image',
    );
    const results = await Promise.all(
      types.map((type, i) =>
        create(cookie, type, { ...(type === 'image' ? IMAGE : VIDEO), prompt: `burst ${i}` }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 402)).toBe(true);
    expect(accepted).toBeGreaterThan(0);
    const rows = await counted(user.id);
    expect(rows.image + rows.video).toBe(accepted);
    expect(await countsTable(user.id)).toEqual(rows);
    expect((await list(cookie, 'type=image')).totalItems).toBe(rows.image);
    expect((await list(cookie, 'type=video')).totalItems).toBe(rows.video);
    expect((await list(cookie, '')).totalItems).toBe(accepted);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((me.json() as { tokens: number }).tokens).toBe(
      10 * cost.image + 5 * cost.video - rows.image * cost.image - rows.video * cost.video,
    );
    await expectMoneyInvariants(t.database.pool);
  });

  it('shows each request exactly as the single read does, files included', async () => {
    const { cookie, user } = await person(100);
    const res = await create(cookie, 'image', IMAGE);
    const id = (res.json() as { request_id: string }).request_id;
    await create(cookie, 'image', IMAGE);
    // As the engine stores a finished image: its output and the output's preview.
    const output = await t.container.repositories.files.insert({
      ownerId: user.id,
      generationId: id,
      kind: 'output',
      storageKey: `outputs/${id.slice(0, 2)}/${id}/0 final.png`,
      mime: 'image/png',
      bytes: 10,
      width: 1024,
      height: 768,
    });
    await t.container.repositories.files.insert({
      ownerId: user.id,
      generationId: id,
      kind: 'thumbnail',
      storageKey: `outputs/${id.slice(0, 2)}/${id}/0.preview.webp`,
      mime: 'image/webp',
      bytes: 5,
      width: 320,
      height: 240,
    });
    await t.database.pool.query(
      `update generation_requests set status = 'completed', error = null where id = $1`,
      [id],
    );
    const page = await list(cookie, 'page=1&perPage=12');
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${id}`,
      headers: { cookie },
    });
    const record = single.json() as { output_files: string[]; expand: { output_files: unknown[] } };
    expect(record.output_files).toEqual([output.id]);
    expect(record.expand.output_files).toHaveLength(1);
    expect(page.items.find((i) => i.id === id)).toEqual(record);
  });
});

describe('record_files', () => {
  it('follow the files table: inserts, updates, deletes, and a generation removed with its files', async () => {
    const { cookie, user } = await person(100);
    const id = ((await create(cookie, 'image', IMAGE)).json() as { request_id: string }).request_id;
    const recordFiles = async () =>
      (
        await t.database.pool.query<{ record_files: { id: string; mime: string }[] | null }>(
          'select record_files from generation_requests where id = $1',
          [id],
        )
      ).rows[0]?.record_files;
    expect(await recordFiles()).toBeNull();
    const output = await t.container.repositories.files.insert({
      ownerId: user.id,
      generationId: id,
      kind: 'output',
      storageKey: `outputs/${id}/0.png`,
      mime: 'image/png',
      bytes: 1,
    });
    // An upload of the same person belongs to no generation and changes nothing.
    await t.container.repositories.files.insert({
      ownerId: user.id,
      kind: 'upload',
      storageKey: `uploads/${id}.png`,
      mime: 'image/png',
      bytes: 1,
    });
    expect((await recordFiles())?.map((f) => f.id)).toEqual([output.id]);
    await t.database.pool.query(`update files set mime = 'image/jpeg' where id = $1`, [output.id]);
    expect((await recordFiles())?.[0]?.mime).toBe('image/jpeg');
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${id}`,
      headers: { cookie },
    });
    expect((await list(cookie, '')).items.find((i) => i.id === id)).toEqual(single.json());
    await t.database.pool.query('delete from files where id = $1', [output.id]);
    expect(await recordFiles()).toBeNull();

    await t.container.repositories.files.insert({
      ownerId: user.id,
      generationId: id,
      kind: 'output',
      storageKey: `outputs/${id}/1.png`,
      mime: 'image/png',
      bytes: 1,
    });
    await t.database.pool.query('delete from generation_requests where id = $1', [id]);
    const left = await t.database.pool.query(
      'select count(*)::int as n from files where generation_id = $1',
      [id],
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});

describe('history_record', () => {
  it('follows every change of its row: status, error, star, jsondata, files', async () => {
    const { cookie, user } = await person(100);
    const id = ((await create(cookie, 'image', IMAGE)).json() as { request_id: string }).request_id;
    const same = async () => {
      const single = await t.app.inject({
        method: 'GET',
        url: `/api/generations/${id}`,
        headers: { cookie },
      });
      const item = (await list(cookie, '')).items.find((i) => i.id === id);
      expect(item).toEqual(single.json());
      return item as unknown as Record<string, unknown>;
    };
    expect(await same()).toMatchObject({ status: 'pending', favorite: false });
    await t.database.pool.query(
      `update generation_requests set status = 'processing', replicate_id = 'p1',
              updated = now() + interval '1 second' where id = $1`,
      [id],
    );
    expect(await same()).toMatchObject({ status: 'processing', replicate_id: 'p1' });
    const starred = await t.app.inject({
      method: 'PUT',
      url: `/api/generations/${id}/favorite`,
      headers: { cookie, ...ORIGIN },
      payload: { favorite: true },
    });
    expect(starred.statusCode, starred.body).toBe(200);
    expect(await same()).toMatchObject({ favorite: true });
    await t.database.pool.query(
      `update generation_requests set jsondata = jsondata || '{"output": ["x"]}'::jsonb
        where id = $1`,
      [id],
    );
    expect(((await same()).jsondata as { output: unknown }).output).toEqual(['x']);
    const output = await t.container.repositories.files.insert({
      ownerId: user.id,
      generationId: id,
      kind: 'output',
      storageKey: `outputs/${id}/0.png`,
      mime: 'image/png',
      bytes: 1,
    });
    expect((await same()).output_files).toEqual([output.id]);
    await t.database.pool.query('delete from files where id = $1', [output.id]);
    await t.database.pool.query(
      `update generation_requests set status = 'failed', error_code = 'timeout' where id = $1`,
      [id],
    );
    expect(await same()).toMatchObject({
      status: 'failed',
      error_code: 'timeout',
      output_files: [],
    });
    const stale = await t.database.pool.query(
      `select count(*)::int as n from generation_requests where history_record is null`,
    );
    expect(stale.rows[0]).toEqual({ n: 0 });
  });
});

describe('generation_counts', () => {
  it('follow deletes, bulk inserts and a person’s removal', async () => {
    const { cookie, user } = await person(100);
    for (let i = 0; i < 3; i++) await create(cookie, 'image', IMAGE);
    await t.database.pool.query(
      `insert into generation_requests (user_id, type, model, status, cost, jsondata)
       select $1, case when i % 2 = 0 then 'video' else 'image' end, 'seedream-3', 'completed', 0, '{}'
       from generate_series(1, 10) as i`,
      [user.id],
    );
    expect(await countsTable(user.id)).toEqual({ image: 8, video: 5 });
    await t.database.pool.query(
      `delete from generation_requests
       where id in (select id from generation_requests where user_id = $1 and type = 'video' limit 2)`,
      [user.id],
    );
    expect(await countsTable(user.id)).toEqual({ image: 8, video: 3 });
    expect(await countsTable(user.id)).toEqual(await counted(user.id));
    expect((await list(cookie, '')).totalItems).toBe(11);

    await t.database.pool.query('delete from users where id = $1', [user.id]);
    const left = await t.database.pool.query(
      'select count(*)::int as n from generation_counts where user_id = $1',
      [user.id],
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('refuse moving a generation to another person or type', async () => {
    const one = await person(100);
    const other = await person(100);
    const res = await create(one.cookie, 'image', IMAGE);
    const id = (res.json() as { request_id: string }).request_id;
    await expect(
      t.database.pool.query(`update generation_requests set type = 'video' where id = $1`, [id]),
    ).rejects.toThrow(/never change/);
    await expect(
      t.database.pool.query('update generation_requests set user_id = $2 where id = $1', [
        id,
        other.user.id,
      ]),
    ).rejects.toThrow(/never change/);
    // Anything else about it may change.
    await t.database.pool.query(`update generation_requests set status = 'failed' where id = $1`, [
      id,
    ]);
    expect(await countsTable(one.user.id)).toEqual({ image: 1, video: 0 });
  });

  it('empty when the table is truncated (and record_files when files is)', async () => {
    const { user } = await person(100);
    await t.database.pool.query(
      `insert into generation_requests (user_id, type, model, cost, jsondata)
       values ($1, 'image', 'seedream-3', 0, '{}')`,
      [user.id],
    );
    await t.database.pool.query(
      `insert into files (owner_id, generation_id, kind, storage_key, mime, bytes)
       select user_id, id, 'output', 'k/' || id, 'image/png', 1 from generation_requests
       where user_id = $1`,
      [user.id],
    );
    // Cascade: the library's element_pictures name files (none here).
    await t.database.pool.query('truncate files cascade');
    const kept = await t.database.pool.query(
      'select count(*)::int as n from generation_requests where record_files is not null',
    );
    expect(kept.rows[0]).toEqual({ n: 0 });
    await t.database.pool.query('truncate generation_requests cascade');
    const left = await t.database.pool.query('select count(*)::int as n from generation_counts');
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});

// The real application (all plugins, validation, catalogue) on a real embedded PostgreSQL, as an API
// node: no job worker runs here, so the provider, its emulator and media processing never compete
// with the measurement for the machine's cores. Creates queue their submit jobs in PostgreSQL (the
// job is part of the create's transaction), where a worker node would pick them up; run.ts checks
// afterwards that every accepted create has its job, its debit and its count.
import { apiGenerationSchema } from '@kadr/contract';
import { benchPortNow } from '../ports.ts';
import { startApiNode } from './node.ts';

// The port is known before the app starts: its public address (the Origin it accepts, as a browser
// on its pages sends it — Lighthouse's signed-in screens) names it.
const port = await benchPortNow(0);
/**
 * The yardstick of `v1-read-vs-bare-v1-read`: the very read of `GET /api/v1/generations/:id` — the
 * same service call, response schema and serialiser, in the same application with all its hooks —
 * at an address outside `/api/v1`, where no key is asked for. What the real route costs beyond it
 * is the key check (and the id's validation, which this route skips).
 */
const V1_READ_WITHOUT_KEY = '/api/bench/v1-read';
/** The person whose generation both routes read (set once they exist). */
let readerId = '';

const node = await startApiNode({
  port,
  routes: (app, container) => {
    app.get<{ Params: { id: string } }>(
      `${V1_READ_WITHOUT_KEY}/:id`,
      { schema: { hide: true, response: { 200: apiGenerationSchema } } },
      async (request) => {
        const read = await container.v1.read({ id: readerId }, request.params.id, 'en', undefined);
        if (read.outcome !== 'found') throw new Error('the bench generation is gone');
        return read.generation;
      },
    );
  },
  env: {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The create benchmark charges one person thousands of times and nothing runs them: the running
    // cap (8 per person in production) would refuse all but the first few.
    MAX_RUNNING_GENERATIONS: '0',
    // The load generator is one client sending thousands of requests a second: limits off.
    RATE_LIMITS: 'false',
  },
});
const { database, signedIn, container } = node;

// One person with tokens for every create of the run (10M tokens, a create costs 3); one with a
// history of 100,000 finished generations, each with its stored output and preview, as the engine
// leaves them (so a page expands real file records, as in production).
const creator = await signedIn('creator@bench.local', 10_000_000);
const historian = await signedIn('historian@bench.local', 0);
await database.pool.query(
  `insert into generation_requests
     (user_id, type, model, status, cost, replicate_id, jsondata, submitted_at, completed_at,
      created, updated)
   select $1, t.type, t.model, 'completed', t.cost, 'bench' || i,
          jsonb_build_object('type', t.type, 'prompt', 'a lighthouse at dawn, number ' || i,
            'input', jsonb_build_object('aspect_ratio', '16:9'), 'translate_prompt', false,
            'output', jsonb_build_array('/api/files/' || md5(i::text)::uuid || '/0.' || t.ext)),
          now() - make_interval(secs => i), now() - make_interval(secs => i),
          now() - make_interval(secs => i), now() - make_interval(secs => i)
   from generate_series(1, 100000) as i,
        lateral (select case when i % 3 = 0 then 'video' else 'image' end as type) k,
        lateral (select k.type,
                        case when k.type = 'video' then 'seedance-lite' else 'seedream-3' end as model,
                        case when k.type = 'video' then 20 else 3 end as cost,
                        case when k.type = 'video' then 'mp4' else 'jpg' end as ext) t`,
  [historian.id],
);
await database.pool.query(
  `insert into files (owner_id, generation_id, kind, storage_key, mime, bytes, width, height,
                      duration_ms, position)
   select g.user_id, g.id, f.kind,
          'outputs/' || left(g.id::text, 2) || '/' || g.id || '/0.' || f.ext, f.mime, f.bytes,
          f.width, f.height, f.duration_ms, 0
   from generation_requests g,
        lateral (values
          ('output', case when g.type = 'video' then 'mp4' else 'jpg' end,
           case when g.type = 'video' then 'video/mp4' else 'image/jpeg' end,
           case when g.type = 'video' then 900000 else 250000 end, 1280, 720,
           case when g.type = 'video' then 5000 end),
          (case when g.type = 'video' then 'poster' else 'thumbnail' end, 'preview.webp',
           'image/webp', 12000, 480, 270, null::int)
        ) as f(kind, ext, mime, bytes, width, height, duration_ms)
   where g.user_id = $1`,
  [historian.id],
);
// The creator's API key (no limits of its own: the common case), and one generation of theirs to
// read through `/api/v1`.
const madeKey = await container.keys.create(
  { id: creator.id },
  { name: 'bench' },
  { name: 'self', ip: null },
);
if (madeKey.outcome !== 'created') throw new Error(`no bench key: ${madeKey.outcome}`);
const apiKey = madeKey.secret;
const first = await fetch(`http://127.0.0.1:${node.port}/api/v1/generations`, {
  method: 'POST',
  headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    model: 'seedream-3',
    prompt: 'a lighthouse to read',
    translate_prompt: false,
  }),
});
const readId = ((await first.json()) as { id: string }).id;
readerId = creator.id;
// As autovacuum leaves a table in steady state (visibility map, statistics).
await database.pool.query('vacuum analyze');
process.stdout.write(
  `${JSON.stringify({
    port: node.port,
    creatorCookie: creator.cookie,
    creatorId: creator.id,
    apiKey,
    readId,
    bareV1Path: V1_READ_WITHOUT_KEY,
    historianCookie: historian.cookie,
    // For run.ts's checks after the run (a loopback-only embedded database).
    databaseUrl: node.pg.url,
    postgresPid: node.postgresPid,
  })}\n`,
);
node.stopOnSignal();

import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createGenerationsSettingsJson } from '../modules/generations/create-settings.ts';
import { enqueue } from '../modules/queue/job.repository.ts';

/**
 * The plans the hot paths rely on (ADR 009), read from the real functions with auto_explain, so a
 * change that loses an index (or a function change that stops using it) fails here, not in a
 * benchmark. Each plan is checked by the indexes it scans by, not by its exact shape.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Conflict Resolution'?: string;
  'Conflict Arbiter Indexes'?: string[];
  Plans?: PlanNode[];
}
interface LoggedPlan {
  'Query Text': string;
  Plan: PlanNode;
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

const scanTypes = [
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Bitmap Index Scan',
];

interface Expectations {
  /** Every scan of the table uses one of these indexes (a Seq Scan never does); at least one scan. */
  scans?: Record<string, { by: string[]; atLeastOneBy?: string }>;
  /** The page: a Limit read straight from this index of the table, in the index's order. */
  page?: { relation: string; index: string };
  /** No Sort below a Limit: what a page is cut from comes in order (a Sort of the page is fine). */
  noSortUnderLimit?: boolean;
  /** Every scan of the table is by some index; at least one scan (tables we do not own). */
  indexedScans?: string[];
  /** Every INSERT … ON CONFLICT into the table is arbitrated by exactly these indexes; at least one. */
  arbiters?: Record<string, string[]>;
}

/** What the logged plans break of the expectations, as sentences; [] when nothing. */
function violations(plans: LoggedPlan[], expected: Expectations): string[] {
  const found: string[] = [];
  const nodes = plans.flatMap((plan) =>
    [...nodesOf(plan.Plan)].map((node) => ({
      node,
      query: plan['Query Text'].replace(/\s+/g, ' ').trim().slice(0, 120),
    })),
  );
  const isScanOf = (node: PlanNode, relation: string) =>
    scanTypes.includes(node['Node Type']) && node['Relation Name'] === relation;
  const scansOf = (relation: string) => nodes.filter(({ node }) => isScanOf(node, relation));
  for (const [relation, { by, atLeastOneBy }] of Object.entries(expected.scans ?? {})) {
    const scans = scansOf(relation);
    if (scans.length === 0) found.push(`no scan of ${relation}`);
    for (const { node, query } of scans) {
      const index = node['Index Name'] ?? bitmapIndexOf(node);
      if (!index || !by.includes(index)) {
        found.push(
          `${node['Node Type']} on ${relation}${index ? ` using ${index}` : ''} (in: ${query})`,
        );
      }
    }
    if (atLeastOneBy && !scans.some(({ node }) => node['Index Name'] === atLeastOneBy)) {
      found.push(`${relation} is never read by ${atLeastOneBy}`);
    }
  }
  if (expected.page) {
    const { relation, index } = expected.page;
    const fromIndex = nodes.some(({ node }) => {
      const child = node.Plans?.[0];
      return (
        node['Node Type'] === 'Limit' &&
        child !== undefined &&
        ['Index Scan', 'Index Only Scan'].includes(child['Node Type']) &&
        child['Relation Name'] === relation &&
        child['Index Name'] === index
      );
    });
    if (!fromIndex) found.push(`the page is not a Limit read straight from ${index}`);
  }
  if (expected.noSortUnderLimit) {
    for (const { node, query } of nodes) {
      if (node['Node Type'] !== 'Limit') continue;
      for (const below of nodesOf(node)) {
        if (below['Node Type'] === 'Sort') found.push(`Sort below a Limit (in: ${query})`);
      }
    }
  }
  for (const relation of expected.indexedScans ?? []) {
    const scans = scansOf(relation);
    if (scans.length === 0) found.push(`no scan of ${relation}`);
    for (const { node, query } of scans) {
      if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${relation} (in: ${query})`);
    }
  }
  for (const [relation, indexes] of Object.entries(expected.arbiters ?? {})) {
    const upserts = nodes.filter(
      ({ node }) =>
        node['Node Type'] === 'ModifyTable' &&
        node['Relation Name'] === relation &&
        node['Conflict Resolution'] !== undefined,
    );
    if (upserts.length === 0) found.push(`no INSERT … ON CONFLICT into ${relation}`);
    for (const { node, query } of upserts) {
      const arbiters = node['Conflict Arbiter Indexes'] ?? [];
      if (arbiters.join() !== indexes.join()) {
        found.push(
          `conflicts on ${relation} arbitrated by [${arbiters.join(', ')}] (in: ${query})`,
        );
      }
    }
  }
  return found;
}

function bitmapIndexOf(node: PlanNode): string | undefined {
  if (node['Node Type'] !== 'Bitmap Heap Scan') return undefined;
  return [...nodesOf(node)].find((n) => n['Node Type'] === 'Bitmap Index Scan')?.['Index Name'];
}

const history = {
  all: {
    scans: {
      generation_requests: {
        by: ['generation_requests_user_created_idx', 'generation_requests_pkey'],
        atLeastOneBy: 'generation_requests_user_created_idx',
      },
      generation_counts: { by: ['generation_counts_user_id_type_pk'] },
    },
    page: { relation: 'generation_requests', index: 'generation_requests_user_created_idx' },
    noSortUnderLimit: true,
  },
  image: {
    scans: {
      generation_requests: {
        by: ['generation_requests_user_type_created_idx', 'generation_requests_pkey'],
        atLeastOneBy: 'generation_requests_user_type_created_idx',
      },
      generation_counts: { by: ['generation_counts_user_id_type_pk'] },
    },
    page: { relation: 'generation_requests', index: 'generation_requests_user_type_created_idx' },
    noSortUnderLimit: true,
  },
} satisfies Record<string, Expectations>;

const create: Expectations = {
  scans: {
    users: { by: ['users_pkey'] },
    // The claim is INSERT … ON CONFLICT (user_id, key) DO UPDATE … WHERE expired (a key answers
    // for a day, issue #51); removing a claim the balance cannot cover finds it by the primary key.
    idempotency_keys: { by: ['idempotency_keys_user_id_key_pk'] },
  },
  // The per-type count (trigger on generation_requests) and the job, each upserted by its key.
  arbiters: {
    generation_counts: ['generation_counts_user_id_type_pk'],
    _private_jobs: ['jobs_key_key1'],
  },
  indexedScans: ['_private_jobs'],
};

const enqueueJob: Expectations = { indexedScans: ['_private_jobs'] };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;
let logged: LoggedPlan[] = [];
const person = randomUUID();

/** The plans of every statement `run` executes, nested ones included. */
async function plansOf(run: () => Promise<unknown>): Promise<LoggedPlan[]> {
  logged = [];
  await run();
  const plans = logged;
  logged = [];
  return plans;
}

const historyPage = (type: 'image' | null) =>
  client.query('select total, items from kadr_history_page($1::uuid, $2::text, $3::int, $4::int)', [
    person,
    type,
    12,
    0,
  ]);

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // A realistic database: thousands of people, one with a long history (some of it with files), and
  // thousands of jobs waiting in the queue (no worker drains it while the server runs alone).
  await client.query(
    `
    insert into users (id, email, tokens)
    select case when i = 1 then $1::uuid else gen_random_uuid() end, 'p' || i || '@example.com', 1000
    from generate_series(1, 3000) as i;
    insert into generation_requests (user_id, type, model, status, cost, jsondata, created)
    select $1::uuid, case when i % 3 = 0 then 'video' else 'image' end, 'm', 'completed', 1, '{}',
           now() - i * interval '1 minute'
    from generate_series(1, 4000) as i;
    insert into generation_requests (user_id, type, model, status, cost, jsondata)
    select u.id, 'image', 'm', 'completed', 1, '{}'
    from users as u, generate_series(1, 2) where u.id <> $1::uuid;
    insert into files (owner_id, generation_id, kind, storage_key, mime, bytes)
    select g.user_id, g.id, k.kind, g.id || '/' || k.kind, 'image/png', 1
    from (select * from generation_requests where user_id = $1::uuid order by created desc limit 500) as g,
         (values ('output'), ('thumbnail')) as k(kind);
    insert into idempotency_keys (user_id, key, request_hash)
    select u.id, 'seed-' || i, 'h' from users as u, generate_series(1, 2) as i;
    select graphile_worker.add_jobs(array(
      select row('submit_generation', json_build_object('id', i), null, null, 10, 'seed:' || i,
                 null, null)::graphile_worker.job_spec
      from generate_series(1, 5000) as i));
    analyze;
  `.replaceAll('$1::uuid', `'${person}'::uuid`),
  );
  await client.query(`
    load 'auto_explain';
    set auto_explain.log_min_duration = 0;
    set auto_explain.log_nested_statements = on;
    set auto_explain.log_analyze = off;
    set auto_explain.log_format = 'json';
    set auto_explain.log_level = 'notice';
  `);
  client.on('notice', (notice) => {
    const text = notice.message ?? '';
    const start = text.indexOf('{');
    if (text.startsWith('duration:') && start >= 0) logged.push(JSON.parse(text.slice(start)));
  });
}, 60_000);

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('the history page (kadr_history_page)', () => {
  it('reads the page from the (user, created, id) index and the total from generation_counts', async () => {
    // Twice: the second call runs the function's cached (generic) plans.
    for (let i = 0; i < 2; i++) {
      const plans = await plansOf(() => historyPage(null));
      expect(plans.length).toBeGreaterThan(1);
      expect(violations(plans, history.all), 'the history page lost its plan (ADR 009)').toEqual(
        [],
      );
    }
  });

  it('reads one type’s page from the (user, type, created, id) index', async () => {
    for (let i = 0; i < 2; i++) {
      const plans = await plansOf(() => historyPage('image'));
      expect(violations(plans, history.image), 'the history page lost its plan (ADR 009)').toEqual(
        [],
      );
    }
  });

  it('fails without the index it reads the page from (the check is not vacuous)', async () => {
    await client.query('begin');
    try {
      await client.query('drop index generation_requests_user_created_idx');
      const plans = await plansOf(() => historyPage(null));
      expect(violations(plans, history.all)).toEqual(
        expect.arrayContaining([
          'generation_requests is never read by generation_requests_user_created_idx',
          'the page is not a Limit read straight from generation_requests_user_created_idx',
        ]),
      );
    } finally {
      await client.query('rollback');
    }
  });
});

describe('a create (kadr_create_generations) and an enqueue (kadr_add_job)', () => {
  const createItems = () => {
    const key = `plan-${randomUUID()}`;
    const item = (cost: number, idempotencyKey: string) => ({
      id: randomUUID(),
      type: 'image',
      model: 'm',
      cost,
      jsondata: {},
      key: idempotencyKey,
      request_hash: 'h',
      response: {},
    });
    // created, key_taken (its key again), insufficient_tokens (its fresh claim removed)
    return [item(1, key), item(1, key), item(1_000_000, `plan-${randomUUID()}`)];
  };
  const createGenerations = () =>
    client.query('select * from kadr_create_generations($1::uuid, $2::jsonb, $3::jsonb)', [
      person,
      JSON.stringify(createItems()),
      createGenerationsSettingsJson,
    ]);

  it('locks the person by users_pkey, claims keys by their primary key, finds job keys by index', async () => {
    for (let i = 0; i < 2; i++) {
      const plans = await plansOf(async () => {
        const result = await createGenerations();
        expect(result.rows.map((row) => row.outcome)).toEqual([
          'created',
          'key_taken',
          'insufficient_tokens',
        ]);
      });
      expect(violations(plans, create), 'the create lost its plan (ADR 009)').toEqual([]);
    }
  });

  it('fails without the index that finds the person (the check is not vacuous)', async () => {
    await client.query('begin');
    try {
      await client.query('alter table users drop constraint users_pkey cascade');
      const plans = await plansOf(createGenerations);
      expect(violations(plans, create)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Seq Scan on users /)]),
      );
    } finally {
      await client.query('rollback');
    }
  });

  it('an enqueue finds the job key by index', async () => {
    const db = drizzle({ client });
    for (let i = 0; i < 2; i++) {
      const plans = await plansOf(() =>
        enqueue(db, 'submit_generation', { id: randomUUID() }, { jobKey: `plan:${randomUUID()}` }),
      );
      expect(violations(plans, enqueueJob), 'the enqueue lost its plan (ADR 009)').toEqual([]);
    }
  });

  it('fails when the job key is not found by index (the check is not vacuous)', async () => {
    const db = drizzle({ client });
    await client.query('begin');
    try {
      // The key's index is the queue's (graphile-worker's ON CONFLICT needs it): forbid its use.
      await client.query('set local enable_indexscan = off; set local enable_bitmapscan = off');
      const plans = await plansOf(() =>
        enqueue(db, 'submit_generation', { id: randomUUID() }, { jobKey: `plan:${randomUUID()}` }),
      );
      expect(violations(plans, enqueueJob)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Seq Scan on _private_jobs /)]),
      );
    } finally {
      await client.query('rollback');
    }
  });
});

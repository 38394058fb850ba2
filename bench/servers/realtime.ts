// The real application as an API node for the realtime benchmarks (bench/realtime.ts), with the
// production stream caps (REALTIME_MAX_STREAMS 10,000 per node, 8 per person): every plugin, the
// session cookie, the realtime hub's one LISTEN connection and its fan-out. It seeds people who
// each hold a session and a finished generation (its output and preview stored, as the engine
// leaves it), announces them on its first line, and answers bench-only questions over the IPC
// channel its parent opened: its memory after a full garbage collection, its CPU time. Nothing of
// that is HTTP.
// The job-pickup benchmark (bench/jobs.ts) uses this node's database for its queue.
import { benchPort } from '../ports.ts';
import { startApiNode } from './node.ts';

const people = Number(process.env.BENCH_REALTIME_PEOPLE ?? 1250);
/** Generations of the one person whose streams the fan-out benchmark caps. */
const fanGenerations = 10;

const node = await startApiNode({
  port: benchPort(2),
  env: {
    // The production defaults, stated: the node's cap and one person's.
    REALTIME_MAX_STREAMS: '10000',
    REALTIME_MAX_STREAMS_PER_USER: '8',
  },
});
const { database, signedIn } = node;

/** Each person's first finished generation with its two stored files, in one statement. */
async function seedGenerations(userIds: string[], each: number): Promise<Map<string, string[]>> {
  const result = await database.pool.query<{ user_id: string; id: string }>(
    `with made as (
       insert into generation_requests
         (user_id, type, model, status, cost, replicate_id, jsondata, submitted_at, completed_at)
       select u, 'image', 'seedream-3', 'completed', 3, 'bench-' || u || '-' || i,
              jsonb_build_object('type', 'image', 'prompt', 'a lighthouse at dawn, number ' || i,
                'input', jsonb_build_object('aspect_ratio', '16:9'), 'translate_prompt', false,
                'output', jsonb_build_array('/api/files/' || gen_random_uuid() || '/0.jpg')),
              now(), now()
       from unnest($1::uuid[]) as u, generate_series(1, $2::int) as i
       returning id, user_id
     ), stored as (
       insert into files (owner_id, generation_id, kind, storage_key, mime, bytes, width, height,
                          position)
       select m.user_id, m.id, f.kind,
              'outputs/' || left(m.id::text, 2) || '/' || m.id || '/' || f.name, f.mime, f.bytes,
              1280, 720, 0
       from made m,
            lateral (values ('output', '0.jpg', 'image/jpeg', 250000),
                            ('thumbnail', 'preview.webp', 'image/webp', 12000))
              as f(kind, name, mime, bytes)
     )
     select user_id, id from made order by user_id, id`,
    [userIds, each],
  );
  const byUser = new Map<string, string[]>();
  for (const row of result.rows)
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
  return byUser;
}

// People signed in ten at a time, as the OAuth callback signs them in.
const crowd: { id: string; cookie: string }[] = [];
for (let i = 0; i < people; i += 10) {
  const batch = Array.from({ length: Math.min(10, people - i) }, (_, j) =>
    signedIn(`person-${i + j}@bench.local`, 0),
  );
  crowd.push(...(await Promise.all(batch)));
}
const fan = await signedIn('fan@bench.local', 0);
const other = await signedIn('other@bench.local', 0);
const generations = await seedGenerations(
  crowd.map((person) => person.id),
  1,
);
const fanned = await seedGenerations([fan.id], fanGenerations);
await database.pool.query('vacuum analyze');

process.stdout.write(
  `${JSON.stringify({
    port: node.port,
    databaseUrl: node.pg.url,
    postgresPid: node.postgresPid,
    // [user id, session cookie, generation id] of every person of the crowd.
    people: crowd.map((person) => [person.id, person.cookie, generations.get(person.id)?.[0]]),
    fan: { id: fan.id, cookie: fan.cookie, generations: fanned.get(fan.id) ?? [] },
    otherCookie: other.cookie,
  })}\n`,
);

// The bench-only channel: the CPU this process has used so far, and its memory after a full
// collection (node runs this with --expose-gc).
const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type?: string }) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
  }
  if (message.type !== 'memory') return;
  void (async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.send?.({ type: 'memory', collected: gc !== undefined, ...process.memoryUsage() });
  })();
});
node.stopOnSignal(async () => {
  process.removeAllListeners('message');
  process.disconnect?.();
});

// `npm run bench`: every benchmark prints one JSON line. Targets are ratios against a bare Fastify
// route measured in the same run, never absolute times, so they hold on any machine.
import { fileURLToPath } from 'node:url';
import { combine, type LoadResult, load, report, startServer } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const script = (name: string) => fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url));

const estimateBody = {
  model: 'seedance-pro',
  prompt: 'a red fox running through snow',
  parameters: { resolution: '1080p' },
  duration: 10,
};

async function estimateVsBare(): Promise<void> {
  const kadr = await startServer(script('kadr'));
  const bare = await startServer(script('bare'));
  try {
    const target = (base: string) => ({
      url: `${base}/api/estimate-video`,
      method: 'POST' as const,
      body: estimateBody,
      seconds,
    });
    // Warm both up (JIT, connection pools) before measuring, then measure one after the other.
    await load({ ...target(kadr.url), seconds: 1 });
    await load({ ...target(bare.url), seconds: 1 });
    // Alternate the two in short rounds so a burst of other load on the machine hits both alike.
    const rounds = 3;
    const ours: LoadResult[] = [];
    const bases: LoadResult[] = [];
    for (let i = 0; i < rounds; i++) {
      ours.push(await load({ ...target(kadr.url), seconds: seconds / rounds }));
      bases.push(await load({ ...target(bare.url), seconds: seconds / rounds }));
    }
    const oursAll = combine(ours);
    const baseAll = combine(bases);
    const ratio = oursAll.rps / baseAll.rps;
    report({
      bench: 'estimate-video-vs-bare-route',
      rps: Math.round(oursAll.rps),
      bareRps: Math.round(baseAll.rps),
      ratio: Number(ratio.toFixed(3)),
      target: '>= 0.6',
      pass: ratio >= 0.6 && oursAll.errors === 0,
      p99Ms: oursAll.p99,
      bareP99Ms: baseAll.p99,
      errors: oursAll.errors,
    });
  } finally {
    await Promise.all([kadr.stop(), bare.stop()]);
  }
}

await estimateVsBare();

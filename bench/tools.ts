// The finishing tools (ADR 038, issue #35): the server's own time per tool request for a 2 MP
// picture — (a) from the create to the provider call, (b) from the provider's output to the stored
// file and preview — and the memory each request leaves behind. Measured in a process of its own
// (bench/servers/tools.ts: the real application with an instant stand-in provider, so no model's
// or emulator's time is counted), one request at a time.
import { fileURLToPath } from 'node:url';
import { quantile, report, startServer } from './lib.ts';

export const toolBenchmarks = ['tool-create-to-provider-call', 'tool-output-to-stored-file'];

/** p95 per request (the issue's); memory: what a request may leave or peak at, on this machine. */
const goals = { p95Ms: 150, rssPeakGrowthMB: 96, heapPerRequestKB: 64 };

type Sample = { ms: number; rss: number; heap: number };
type Run = { samples: Sample[]; rssPeakGrowth: number };

function summary(run: Run) {
  const ms = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  const heap = run.samples.map((s) => s.heap).sort((a, b) => a - b);
  const rss = run.samples.map((s) => s.rss).sort((a, b) => a - b);
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  const figures = {
    ms: { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: quantile(ms, 1) },
    // After a full collection, what one request left on the heap (median) and in RSS (median).
    heapPerRequestKB: kb(quantile(heap, 0.5)),
    rssPerRequestKB: kb(quantile(rss, 0.5)),
    // The highest RSS over the run, above its start: one request's working set, at most.
    rssPeakGrowthMB: mb(run.rssPeakGrowth),
  };
  const pass =
    figures.ms.p95 <= goals.p95Ms &&
    figures.rssPeakGrowthMB <= goals.rssPeakGrowthMB &&
    figures.heapPerRequestKB <= goals.heapPerRequestKB;
  return { ...figures, pass };
}

export async function benchTools(wants: (name: string) => boolean): Promise<void> {
  const node = await startServer(fileURLToPath(new URL('./servers/tools.ts', import.meta.url)), {
    ipc: true,
    nodeFlags: ['--expose-gc'],
  });
  try {
    const answer = await node.ask('run');
    if (typeof answer.error === 'string') throw new Error(answer.error);
    const requests = answer.requests;
    if (wants('tool-create-to-provider-call')) {
      const perTool = Object.entries(answer.create as Record<string, Run>).map(([tool, run]) => ({
        tool,
        ...summary(run),
      }));
      report({
        bench: 'tool-create-to-provider-call',
        picture: '2 MP upload',
        requests,
        tools: perTool,
        goals,
        pass: perTool.every((t) => t.pass),
      });
    }
    if (wants('tool-output-to-stored-file')) {
      const ingest = answer.ingest as Run & { outputSize: unknown; outputBytes: number };
      const figures = summary(ingest);
      report({
        bench: 'tool-output-to-stored-file',
        output: { ...(ingest.outputSize as object), bytes: ingest.outputBytes, alpha: true },
        requests,
        ...figures,
        goals,
      });
    }
  } finally {
    await node.stop();
  }
}

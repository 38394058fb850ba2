// The card renderer (issue #36): one 900 × 1200 Wildberries card with a cut-out and full text, and
// a set of 30 slides, in a process of their own (bench/servers/cards.ts). The goals are the
// issue's, absolute, for this two-core machine; the API's yardstick (`bare-route-plus-work`) does
// not apply to them, so none is printed.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { quantile, report, startServer } from './lib.ts';

export const cardBenchmarks = ['card-render-900x1200', 'card-set-30-slides', 'card-codes-900x1200'];

/**
 * The issue's: p95 of one card, the whole 30-slide set; memory: bounded, on this machine. Reading
 * a drawn card's codes (issue #50, Kadr's own goal): a p95 of 600 ms, so a five-slide set edited
 * slide by slide is checked again in well under a second and a new one in about three.
 */
const goals = { p95Ms: 150, setMs: 5000, rssPeakGrowthMB: 256, codesP95Ms: 600 };

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/** The machine's one-minute load average, which these absolute figures move with. */
const load = () => Number((os.loadavg()[0] ?? 0).toFixed(2));

export async function benchCards(wants: (name: string) => boolean): Promise<void> {
  const loadBefore = load();
  const node = await startServer(fileURLToPath(new URL('./servers/cards.ts', import.meta.url)), {
    ipc: true,
    nodeFlags: ['--expose-gc'],
  });
  try {
    const answer = await node.ask('run');
    if (typeof answer.error === 'string') throw new Error(answer.error);
    const machine = { cores: os.availableParallelism(), load: [loadBefore, load()] };
    const card = answer.card as {
      times: number[];
      cpu: number[];
      bytes: number;
      rssPeakGrowth: number;
    };
    const set = answer.set as {
      ms: number;
      cpuMs: number;
      cards: number;
      bytes: number;
      rssPeakGrowth: number;
    };
    if (wants('card-render-900x1200')) {
      const times = [...card.times].sort((a, b) => a - b);
      const cpu = [...card.cpu].sort((a, b) => a - b);
      const figures = {
        ms: { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: quantile(times, 1) },
        // The process's CPU time per card (all threads): what a card costs the machine.
        cpuMs: { p50: quantile(cpu, 0.5), p95: quantile(cpu, 0.95) },
        rssPeakGrowthMB: mb(card.rssPeakGrowth),
      };
      report({
        bench: 'card-render-900x1200',
        card: {
          preset: 'wildberries',
          kind: 'main',
          picture: '1024×1280 cut-out',
          bytes: card.bytes,
        },
        renders: answer.renders,
        machine,
        ...figures,
        goals: { p95Ms: goals.p95Ms, rssPeakGrowthMB: goals.rssPeakGrowthMB },
        pass: figures.ms.p95 <= goals.p95Ms && figures.rssPeakGrowthMB <= goals.rssPeakGrowthMB,
      });
    }
    if (wants('card-set-30-slides')) {
      const figures = {
        ms: Math.round(set.ms),
        cpuMs: Math.round(set.cpuMs),
        rssPeakGrowthMB: mb(set.rssPeakGrowth),
      };
      report({
        bench: 'card-set-30-slides',
        cards: set.cards,
        concurrency: 2,
        bytes: set.bytes,
        machine,
        ...figures,
        goals: { setMs: goals.setMs, rssPeakGrowthMB: goals.rssPeakGrowthMB },
        pass: figures.ms <= goals.setMs && figures.rssPeakGrowthMB <= goals.rssPeakGrowthMB,
      });
    }
    if (wants('card-codes-900x1200')) {
      const codes = answer.codes as { times: number[]; cpu: number[]; found: number };
      const times = [...codes.times].sort((a, b) => a - b);
      const cpu = [...codes.cpu].sort((a, b) => a - b);
      const figures = {
        ms: { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: quantile(times, 1) },
        cpuMs: { p50: quantile(cpu, 0.5), p95: quantile(cpu, 0.95) },
      };
      report({
        bench: 'card-codes-900x1200',
        card: { preset: 'wildberries', kind: 'main', picture: '1024×1280 cut-out, no code' },
        reads: codes.times.length,
        found: codes.found,
        machine,
        ...figures,
        goals: { p95Ms: goals.codesP95Ms },
        pass: figures.ms.p95 <= goals.codesP95Ms && codes.found === 0,
      });
    }
  } finally {
    await node.stop();
  }
}

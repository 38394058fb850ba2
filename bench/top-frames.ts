// `npm run top-frames -w @kadr/bench -- <file.cpuprofile> [count]`: where a CPU profile (node --cpu-prof,
// BENCH_PROFILE=1) spent its busy samples — by self time, by inclusive time (the frame and what it
// called) and by package — so a profile's findings can be read and quoted without DevTools.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame comes from: its npm package, node's own code, the app's source, or V8 itself. */
function origin(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const nodeModules = url.lastIndexOf('/node_modules/');
  if (nodeModules !== -1) {
    const rest = url.slice(nodeModules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const app = url.indexOf('/apps/');
  const pkg = url.indexOf('/packages/');
  const at = app !== -1 ? app : pkg;
  return at === -1
    ? url
    : url
        .slice(at + 1)
        .split('/')
        .slice(0, 2)
        .join('/');
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

const print = (line: string) => process.stdout.write(`${line}\n`);

export function topFrames(profile: Profile, count = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const frames = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    // Idle samples are the event loop waiting: not work.
    if (!node || node.callFrame.functionName === '(idle)') return;
    total += micros;
    const name = frameName(node);
    frames.set(name, (frames.get(name) ?? 0) + micros);
    const from = origin(node.callFrame.url);
    packages.set(from, (packages.get(from) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = byId.get(at);
      if (!frame) break;
      const caller = frameName(frame);
      if (seen.has(caller)) continue;
      seen.add(caller);
      inclusive.set(caller, (inclusive.get(caller) ?? 0) + micros);
    }
  });
  const share = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ name, percent: Number(((micros / total) * 100).toFixed(1)) }));
  return {
    busyMs: Math.round(total / 1000),
    frames: share(frames),
    inclusive: share(inclusive),
    packages: share(packages),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('usage: node bench/top-frames.ts <file.cpuprofile> [count]');
  const top = topFrames(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(count ?? 25));
  print(`${top.busyMs} ms busy (shares below are of that)`);
  for (const part of ['frames', 'inclusive', 'packages'] as const) {
    print(part === 'frames' ? 'self time:' : `${part}:`);
    for (const { name, percent } of top[part]) {
      print(`${percent.toFixed(1).padStart(5)}%  ${name}`);
    }
  }
}

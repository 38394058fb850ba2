// The real application as an API node with its rate limits as production sets them (defaults),
// or off (`BENCH_RATE_LIMITS=false`), for the flood benchmark (bench/flood.ts): one signed-in
// person whose requests are measured while an anonymous client floods a limited route.
import { benchPort } from '../ports.ts';
import { startApiNode } from './node.ts';

const node = await startApiNode({
  port: benchPort(0),
  env: { RATE_LIMITS: process.env.BENCH_RATE_LIMITS ?? 'true' },
});
const person = await node.signedIn('bystander@bench.local', 0);
process.stdout.write(`${JSON.stringify({ port: node.port, cookie: person.cookie })}\n`);
node.stopOnSignal();

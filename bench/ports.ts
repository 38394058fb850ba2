import net from 'node:net';

/**
 * The port a bench process listens on: `BENCH_PORT_BASE` + its offset when set (on a machine where
 * other work holds other ports), otherwise any free port. Offsets: 0 our server, 1 the bare route,
 * 2 the realtime node, 3 Chromium's DevTools.
 */
export function benchPort(offset: 0 | 1 | 2 | 3): number {
  const base = process.env.BENCH_PORT_BASE;
  return base ? Number(base) + offset : 0;
}

/** `benchPort`, or a port free right now when no base is set (for a server that must know it first). */
export async function benchPortNow(offset: 0 | 1 | 2 | 3): Promise<number> {
  const fixed = benchPort(offset);
  if (fixed) return fixed;
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

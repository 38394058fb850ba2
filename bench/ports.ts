/**
 * The port a bench process listens on: `BENCH_PORT_BASE` + its offset when set (on a machine where
 * other work holds other ports), otherwise any free port. Offsets: 0 our server, 1 the bare route,
 * 2 the realtime node, 3 Chromium's DevTools.
 */
export function benchPort(offset: 0 | 1 | 2 | 3): number {
  const base = process.env.BENCH_PORT_BASE;
  return base ? Number(base) + offset : 0;
}

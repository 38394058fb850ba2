// Imported first by every server process (main.ts, and index.ts for the bench's and tests' nodes),
// before the rest of the app is loaded. ADR 023.
//
// V8's allocation-site pretenuring: when objects from one allocation site tend to survive a young
// collection, later ones are allocated in the old generation directly. Under a burst (many requests
// in flight, each holding its parsed rows and its answer a few milliseconds) most of a request's
// sites qualify, and the decision outlives the burst: every later request's garbage then lands in
// the old generation, which fills at ~45 MB/s and is mark-compacted every 1–2 s, each a 20–30 ms
// stall of the answers queued behind it (docs/benchmarks.md, 2026-11-25). A request's objects die
// young, so the young generation is where they belong: pretenuring is off.
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');

// The JavaScript each signed-in screen may load before any interaction, in KB (1,024 bytes) as the
// server sends it (brotli): issue #46. One list for the build's guard (`npm run check:first-load`,
// in `npm test`) and the Lighthouse bench (bench/run.ts), so the two cannot disagree. `null`: the
// figure is printed but not enforced. Every screen of `signedInPaths` must be here (the typecheck
// says so when one is added).
import type { signedInPaths } from '@kadr/contract';

type Screen = (typeof signedInPaths)[number] extends `/${infer Name}` ? Name : never;

export const firstLoadBudgets = {
  studio: 150,
  compare: null,
  batch: null,
  tools: null,
  cards: null,
  montage: 150,
  history: 145,
  elements: 145,
  profile: 145,
  pricing: null,
} satisfies Record<Screen, number | null>;

export type FirstLoadBudgets = Readonly<Record<Screen, number | null>>;

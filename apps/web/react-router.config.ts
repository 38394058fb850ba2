import { publicPaths } from '@kadr/contract';
import type { Config } from '@react-router/dev/config';

export default {
  // No server rendering: public pages are prerendered to static HTML at build time; signed-in
  // pages and the 404 are rendered in the browser from build/client/__spa-fallback.html.
  ssr: false,
  prerender: [...publicPaths],
} satisfies Config;

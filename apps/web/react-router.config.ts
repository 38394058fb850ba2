import { rm } from 'node:fs/promises';
import path from 'node:path';
import { publicPaths } from '@kadr/contract';
import type { Config } from '@react-router/dev/config';
import { buildDirectory } from './scripts/build-directory.ts';

/** Files that are not pages, prerendered from resource routes (routes/sitemap.ts, robots.ts). */
const resourceFiles = ['/sitemap.xml', '/robots.txt'];

export default {
  // No server rendering: public pages are prerendered to static HTML at build time (marketing
  // pages in Russian and under /en in English, with no client JavaScript: ADR 007); signed-in
  // pages and the 404 are rendered in the browser from build/client/__spa-fallback.html.
  ssr: false,
  splitRouteModules: false,
  buildDirectory: buildDirectory(),
  prerender: [...publicPaths, ...resourceFiles],
  async buildEnd({ reactRouterConfig }) {
    // Prerendering also writes each resource's client-navigation data (`sitemap.xml.data`); no
    // client ever navigates to these, so do not publish them.
    const client = path.join(reactRouterConfig.buildDirectory, 'client');
    await Promise.all(
      resourceFiles.map((file) => rm(path.join(client, `${file}.data`), { force: true })),
    );
  },
} satisfies Config;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

interface Operation {
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
}

/** Statuses that carry no body: documented by their description alone. */
const bodiless = new Set(['204', '302']);

// Routes whose success is a redirect: the browser is sent on, there is no body to describe.
const redirects = new Set(['GET /api/auth/{provider}', 'GET /api/auth/{provider}/callback']);
// Routes left out of the document on purpose: the provider's webhook, the trainer's signed zip of
// a training's pictures (ADR 045) and the document itself.
const hidden = [/^\/api\/webhooks\//, /^\/api\/trainings\/[^/]+\/pictures\.zip$/, /^\/api\/docs/];

let t: TestApp;
const routes = new Set<string>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    // Lines look like "├── /api/generations/:id (GET, HEAD)".
    const match = /(\/api\/\S*) \(([^)]+)\)/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    for (const method of match[2].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.add(`${method} ${match[1]}`);
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function document(): Promise<Record<string, Record<string, Operation>>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
}

describe('/api/docs', () => {
  it('describes a success response with its schema for every route it lists', async () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(await document())) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(operation.responses ?? {}).filter(([code]) =>
          redirects.has(name) ? code === '302' : /^2\d\d$/.test(code),
        );
        const described = success.some(([code, response]) =>
          bodiless.has(code)
            ? Boolean(response.description) && response.content === undefined
            : response.content !== undefined &&
              Object.values(response.content).every((media) => media.schema !== undefined),
        );
        if (!described) missing.push(name);
      }
    }
    expect(missing, 'routes without a documented success response').toEqual([]);
  });

  it('lists every /api route except the deliberately hidden ones', async () => {
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(await document())) {
      for (const method of Object.keys(operations)) {
        documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    const undocumented = [...routes].filter(
      (route) =>
        !documented.has(route) &&
        !hidden.some((pattern) => pattern.test(route.split(' ')[1] ?? '')),
    );
    expect(routes.size).toBeGreaterThan(15);
    expect(undocumented).toEqual([]);
  });

  it('leaves the demo’s emulators out, their control routes too', async () => {
    const mounted = t.app.printRoutes({ commonPrefix: false });
    // Not vacuous: the emulators and the outage switch are there to be left out.
    expect(mounted).toContain('/emulators/replicate/_control/outage');
    const paths = Object.keys(await document());
    expect(paths.filter((path) => path.startsWith('/emulators'))).toEqual([]);
  });
});

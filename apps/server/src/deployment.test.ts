import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, repoRoot, settingNames } from './config.ts';
import { STRIPE_WEBHOOK_EVENTS } from './providers/payments/stripe.gateway.ts';
import { YOOKASSA_NOTIFICATION_EVENTS } from './providers/payments/yookassa.gateway.ts';

/**
 * What can be checked of the deployment without a Docker engine: the Dockerfile's stages and the
 * paths it copies exist, its image runs as a non-root user with a health check; compose.yaml's
 * services carry only settings config.ts knows, and the settings of each node load; the README
 * and docs/operations.md name every setting there is, and no setting that is not.
 */

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

interface Stage {
  name: string;
  base: string;
  lines: string[];
}

function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  // Continuation lines joined, comments dropped.
  const lines = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = Object.fromEntries(
    lines
      .filter((line) => line.startsWith('ARG ') && line.includes('='))
      .map((line) => line.slice(4).split('=') as [string, string]),
  );
  for (const line of lines) {
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line);
    if (from) {
      const base = (from[1] ?? '').replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? '');
      stages.push({ name: from[2] ?? '', base, lines: [] });
    } else {
      stages.at(-1)?.lines.push(line);
    }
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = stagesOf(read('Dockerfile'));

  it('builds in stages on Node 24 and runs the server as a non-root user with a health check', () => {
    expect(stages.map((stage) => stage.name)).toEqual([
      'manifests',
      'build',
      'runtime-deps',
      'runtime',
    ]);
    const names = stages.map((stage) => stage.name);
    // Every stage starts from Node 24 or from an earlier stage.
    for (const stage of stages) {
      if (!names.includes(stage.base)) expect(stage.base, stage.name).toMatch(/^node:24[.-]/);
    }
    expect(stages.find((stage) => stage.name === 'runtime')?.base).toMatch(/^node:24[.-]/);
    const runtime = stages.at(-1)?.lines ?? [];
    expect(runtime).toContain('USER node');
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health');
    expect(runtime).toContain('CMD ["node", "apps/server/src/main.ts"]');
    expect(runtime.join('\n')).toMatch(/ENV NODE_ENV=production/);
    // The web app comes built from the build stage, into the WEB_DIR the image sets.
    expect(runtime).toContain(
      'COPY --from=build /app/apps/web/build/client apps/web/build/client/',
    );
    expect(runtime.join('\n')).toContain('WEB_DIR=/app/apps/web/build/client');
    expect(stages[1]?.lines).toContain('RUN npm run build -w @kadr/web');
    expect(stages[2]?.lines.join('\n')).toContain('npm ci --omit=dev');
  });

  it('copies only paths that exist in the repository, and every workspace manifest npm ci needs', () => {
    const sources = stages.flatMap((stage) =>
      stage.lines
        .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
        .flatMap((line) => line.split(/\s+/).slice(1, -1)),
    );
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources)
      expect(existsSync(path.join(repoRoot, source)), source).toBe(true);
    const workspaces = [
      'apps/server',
      'apps/web',
      'packages/catalog',
      'packages/contract',
      'packages/emulators',
      'e2e',
      'bench',
    ];
    for (const workspace of workspaces) {
      expect(sources, workspace).toContain(`${workspace}/package.json`);
    }
    expect(existsSync(path.join(repoRoot, 'apps/server/src/main.ts'))).toBe(true);
    expect(read('.dockerignore')).toMatch(/^\*\*\/node_modules$/m);
  });
});

describe('compose.yaml', () => {
  // Compose's `<<:` merge keys (YAML 1.1), as compose itself reads them.
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; image?: string }>;
  };
  const kadr = Object.entries(compose.services).filter(
    ([, service]) => service.image === 'kadr:latest',
  );
  /** `${NAME:?message}` and `${NAME:-default}` as compose fills them from a .env file. */
  const filled = (environment: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [
        name,
        String(value).replace(
          /\$\{(\w+)(?::[-?]([^}]*))?\}/g,
          (_, variable: string, fallback = '') =>
            ({
              POSTGRES_PASSWORD: 'postgres-password',
              SIGNING_SECRET: 'a-signing-secret-of-at-least-thirty-two-characters',
              REPLICATE_API_TOKEN: 'r8_token',
              REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0',
              S3_SECRET_ACCESS_KEY: 'minio-password',
            })[variable] ?? fallback,
        ),
      ]),
    );

  it('runs PostgreSQL, an S3 store, two API nodes behind a proxy and one worker', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'minio', 'bucket', 'api-1', 'api-2', 'worker', 'proxy']),
    );
    expect(kadr.map(([name]) => name).sort()).toEqual(['api-1', 'api-2', 'worker']);
    const roles = Object.fromEntries(
      kadr.map(([name, service]) => [name, service.environment?.ROLE]),
    );
    expect(roles).toEqual({ 'api-1': 'api', 'api-2': 'api', worker: 'worker' });
    const nginx = read('deploy/nginx.conf');
    for (const [name, service] of kadr.filter(([, s]) => s.environment?.ROLE === 'api')) {
      expect(nginx).toContain(`server ${name}:${service.environment?.PORT}`);
    }
  });

  it("gives each node only settings config.ts reads, and each node's settings load", () => {
    expect(kadr).toHaveLength(3);
    for (const [name, service] of kadr) {
      const environment = filled(service.environment ?? {});
      for (const variable of Object.keys(environment)) {
        expect(settingNames, `${name}: ${variable}`).toContain(variable);
      }
      const config = loadConfig(environment);
      expect(config.isProduction, name).toBe(true);
      expect(config.storage, name).toMatchObject({
        kind: 's3',
        s3: { bucket: 'kadr-files', endpoint: 'http://minio:9000', forcePathStyle: true },
      });
      expect(config.database.url, name).toBe(
        'postgres://kadr:postgres-password@postgres:5432/kadr',
      );
      expect(config.metrics.port, name).toBe(9464);
      // nginx is the one proxy in front.
      expect(config.trustProxy, name).toEqual({ hops: 1 });
      // Compose waits longer than the server's own limit before it kills a stopping node.
      expect(config.shutdownTimeoutMs / 1000 + config.shutdownDrainMs / 1000).toBeLessThanOrEqual(
        40,
      );
    }
    expect(read('compose.yaml')).toContain('stop_grace_period: 40s');
  });
});

describe('the proxy in front (deploy/nginx.conf)', () => {
  const nginx = read('deploy/nginx.conf');
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; ports?: unknown }>;
  };

  it('hands the nodes the address it saw, never a client’s own X-Forwarded-For', () => {
    const forwardedFor = nginx
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^proxy_set_header\s+X-Forwarded-For\b/i.test(line));
    expect(forwardedFor).toEqual(['proxy_set_header X-Forwarded-For $remote_addr;']);
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });

  it('is the only way to the API nodes, so trusting one hop trusts nginx alone', () => {
    const api = Object.entries(compose.services).filter(
      ([, service]) => service.environment?.ROLE === 'api',
    );
    expect(api.length).toBeGreaterThan(0);
    for (const [name, service] of api) {
      expect(service.ports, name).toBeUndefined();
      expect(service.environment?.TRUST_PROXY, name).toBe('1');
    }
  });
});

describe('the documentation of settings', () => {
  const named = (text: string) =>
    new Set(
      [...text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((match) => match[1] ?? ''),
    );

  it("the README's configuration table lists every setting config.ts reads", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Demo mode'));
    const listed = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1])),
    );
    for (const setting of settingNames) expect(listed, setting).toContain(setting);
  });

  it('docs/operations.md names only settings that exist (or the compose file’s own)', () => {
    const composeOnly = new Set([
      'POSTGRES_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
      'MINIO_ROOT_PASSWORD',
    ]);
    for (const name of named(read('docs/operations.md'))) {
      if (composeOnly.has(name)) continue;
      expect(settingNames, name).toContain(name);
    }
  });
});

describe('the providers’ webhook subscriptions (docs/operations.md)', () => {
  const operations = read('docs/operations.md');
  const webhooks = operations.slice(
    operations.indexOf('## Provider webhooks'),
    operations.indexOf('## Secrets'),
  );

  it.each([
    ['Stripe', STRIPE_WEBHOOK_EVENTS],
    ['YooKassa', YOOKASSA_NOTIFICATION_EVENTS],
  ] as const)('names every %s event the code acts on', (_provider, events) => {
    expect(events.length).toBeGreaterThan(2);
    for (const event of events) expect(webhooks, event).toContain(`\`${event}\``);
  });

  it('subscribes Stripe to disputes and refunds that fail, not only to the checkout', () => {
    for (const event of [
      'charge.dispute.created',
      'charge.dispute.closed',
      'charge.refund.updated',
    ])
      expect(STRIPE_WEBHOOK_EVENTS).toContain(event);
  });
});

import { videoJoin } from '@kadr/catalog';
import { apiProblemCodes } from '@kadr/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

/**
 * The v1 OpenAPI document (`GET /api/v1/openapi.json`, the source of `@kadr/client`) as an outside
 * tool reads it: valid OpenAPI 3.1 by the standard's own JSON Schema (@seriousme's validator, the
 * one APIs.guru's 2,000 documents are checked with), every `$ref` resolved, and complete — every
 * v1 route is in it with a unique operationId, the bearer scheme, and its problems described with
 * the stable codes.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface V1Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

let t: TestApp;
let document: V1Document;
const v1Routes = new Set<string>();

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://kadr.example' });
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  document = res.json() as V1Document;
  // The tree prints a route under its parent ("│   └── /:id (GET, HEAD)"): rebuild full paths.
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ├└─]*?)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match?.[2] || !match[3]) continue;
    const depth = (match[1] ?? '').length / 4;
    parents.length = depth;
    const path = `${parents.join('')}${match[2]}`;
    parents.push(match[2]);
    if (!path.startsWith('/api/v1/')) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') v1Routes.add(`${method} ${path}`);
    }
  }
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, every $ref resolved', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('is a validator that can fail: a broken copy is refused', async () => {
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    broken.paths = { 'no-leading-slash': {} };
    delete broken.info;
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('describes v1 only, at the public address, with the bearer scheme on every operation', () => {
    expect(document.info.title).toBe('Kadr API');
    expect(document.servers).toEqual([{ url: 'https://kadr.example' }]);
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    for (const { path, method, operation } of operations()) {
      expect(path, 'outside /api/v1').toMatch(/^\/api\/v1\//);
      // Only the document itself is read without a key.
      if (path !== '/api/v1/openapi.json') {
        expect(operation.security ?? document.security, `${method} ${path}`).toEqual([
          { bearerAuth: [] },
        ]);
      }
    }
  });

  it('lists every v1 route, each with its own operationId', () => {
    const documented = operations().map(
      ({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(documented.sort()).toEqual([...v1Routes].sort());
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares the Idempotency-Key header of a create and a join, and the upload's multipart body", () => {
    const byId = new Map(operations().map(({ operation }) => [operation.operationId, operation]));
    for (const id of ['createGeneration', 'createJoin']) {
      expect(byId.get(id)?.parameters, id).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      );
    }
    expect(byId.get('uploadImage')?.requestBody).toMatchObject({
      required: true,
      content: { 'multipart/form-data': { schema: { required: ['image'] } } },
    });
  });

  it('describes continuing a clip (`extend`) and POST /api/v1/joins (ADR 047)', () => {
    type Schema = {
      description?: string;
      properties?: Record<string, Schema>;
      required?: string[];
      additionalProperties?: unknown;
      items?: Schema;
      default?: unknown;
    };
    const bodyOf = (operation: Operation | undefined) =>
      (operation?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content?.['application/json']?.schema;
    const paths = document.paths;
    // A create and an estimate take `extend`, described, as an optional id.
    for (const [path, id] of [
      ['/api/v1/generations', 'createGeneration'],
      ['/api/v1/estimate', 'estimate'],
    ] as const) {
      const operation = paths[path]?.post;
      expect(operation?.operationId).toBe(id);
      const extend = bodyOf(operation)?.properties?.extend;
      expect(extend, path).toMatchObject({ type: 'string', maxLength: 100 });
      expect(extend?.description, path).toMatch(/last frame/);
      expect(bodyOf(operation)?.required ?? [], path).not.toContain('extend');
      expect((operation as { description?: string }).description, path).toMatch(/`extend`/);
    }
    // The join: its own operation, free, open to every key, with the catalogue's bounds.
    const join = paths['/api/v1/joins']?.post as (Operation & { description?: string }) | undefined;
    expect(join?.operationId).toBe('createJoin');
    expect(join?.description).toMatch(
      new RegExp(`Join ${videoJoin.clips.min} to ${videoJoin.clips.max} `),
    );
    expect(join?.description).toMatch(/free/);
    expect(join?.description).toMatch(/allowed with every key, whatever its allowed models/);
    expect(Object.keys(join?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '400', '409', '429']),
    );
    const body = bodyOf(join);
    expect(body?.required).toEqual(['clips']);
    expect(body?.additionalProperties).toBe(false);
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
      'clips',
      'crossfade_ms',
      'webhook_url',
    ]);
    expect(Object.keys(body?.properties?.clips?.items?.properties ?? {}).sort()).toEqual([
      'end_ms',
      'id',
      'start_ms',
    ]);
    // The fields' texts name the catalogue's bounds (the contract cannot import them).
    const clips = body?.properties?.clips?.description ?? '';
    expect(clips).toContain(`${videoJoin.clips.min}–${videoJoin.clips.max}`);
    expect(clips).toContain(`${videoJoin.minClipMs} ms`);
    const fade = body?.properties?.crossfade_ms;
    expect(fade?.default).toBe(0);
    expect(fade?.description).toContain(`at most ${videoJoin.crossfade.maxMs}`);
  });

  it('describes every refusal as a problem with the stable codes', () => {
    for (const { path, method, operation } of operations()) {
      if (path === '/api/v1/openapi.json') continue;
      const refusals = Object.entries(operation.responses ?? {}).filter(([status]) =>
        /^[45]\d\d$/.test(status),
      );
      expect(refusals.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of refusals) {
        // The media type the answers carry.
        expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual([
          'application/problem+json',
        ]);
        const schema = Object.values(response.content ?? {})[0]?.schema as
          | { properties?: { code?: { enum?: string[] } } }
          | undefined;
        expect(schema?.properties?.code?.enum, `${method} ${path} ${status}`).toEqual([
          ...apiProblemCodes,
        ]);
      }
    }
  });
});

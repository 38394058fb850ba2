import { readFile } from 'node:fs/promises';
import { webhookEventTypes } from '@kadr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaSource } from '../../../packages/client/scripts/schema-source.ts';
import { kadrWebhookEventTypes } from '../../../packages/client/src/client.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

/**
 * `@kadr/client`'s types are generated from the server's v1 document and committed
 * (packages/client/src/schema.ts): regenerated here from the live document, they must be the same
 * file, so a change to a v1 route or schema that was not followed by `npm run generate -w
 * @kadr/client` fails. What the document does not carry (the webhook events) is compared with the
 * contract.
 */

let t: TestApp;
let document: object;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json() as object;
});
afterAll(async () => {
  await t.close();
});

const committed = () =>
  readFile(new URL('../../../packages/client/src/schema.ts', import.meta.url), 'utf8');

describe('the client’s generated types', () => {
  it('are what openapi-typescript makes of the live v1 document (npm run generate -w @kadr/client)', async () => {
    expect(await schemaSource(document)).toBe(await committed());
  });

  it('differ when the document does: the check can fail', async () => {
    const changed = structuredClone(document) as { info: { description: string } };
    changed.info.description = 'another';
    const paths = (changed as unknown as { paths: Record<string, unknown> }).paths;
    delete paths['/api/v1/balance'];
    expect(await schemaSource(changed)).not.toBe(await committed());
  });

  it('name the webhook events the contract names', () => {
    expect([...kadrWebhookEventTypes]).toEqual([...webhookEventTypes]);
  });
});

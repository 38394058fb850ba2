import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

const header = `/*
 * Generated from the Kadr API's OpenAPI document (GET /api/v1/openapi.json) by openapi-typescript:
 * run \`npm run generate -w @kadr/client\`, never edit by hand. A test regenerates it from the
 * server's document and fails when the two differ (apps/server/src/client-schema.test.ts).
 */

`;

/** The TypeScript types of a v1 OpenAPI document: `paths`, `components` and `operations`. */
export async function schemaSource(document: object): Promise<string> {
  const nodes = await openapiTS(document as OpenAPI3, { silent: true, alphabetize: false });
  return header + astToString(nodes);
}

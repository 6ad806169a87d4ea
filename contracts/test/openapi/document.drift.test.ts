/**
 * The committed OpenAPI document is what the generator writes from the current catalogue (a zod
 * schema changed without regenerating fails here), and it is a valid OpenAPI 3.1 document.
 */
import { readFileSync } from 'node:fs';
import { endpointList } from '@matchmaker/sdk/schemas';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, openApiDocument, openApiText } from '../../src/openapi/document';

const committed = readFileSync(new URL(`../../${OPENAPI_FILE}`, import.meta.url), 'utf8');

describe(`the OpenAPI document (${OPENAPI_FILE})`, () => {
  it('is what the generator writes from the catalogue', () => {
    expect(
      committed === openApiText(),
      `${OPENAPI_FILE} is out of date: run \`pnpm --filter @matchmaker/contracts openapi\` and review the diff`,
    ).toBe(true);
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every call of the catalogue once, under its id', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.sort()).toEqual(endpointList.map((entry) => entry.id).sort());
  });
});

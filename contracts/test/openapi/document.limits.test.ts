/**
 * The limits a provider applies are in the committed document where a machine can read them: every
 * path parameter has a `maxLength` (its own, or its text branch's), and every body bounded as a
 * whole (the SDK's `boundedBody`) carries `x-body-limits`, `maxProperties` and a description
 * stating them, with the numbers the SDK and the sandbox use.
 */
import { readFileSync } from 'node:fs';
import { BODY_LIMITS_KEY, type BodyLimits, endpointList, REQUEST_LIMITS } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { OPENAPI_FILE } from '../../src/openapi/document';

type Json = Record<string, unknown>;
const document = JSON.parse(readFileSync(new URL(`../../${OPENAPI_FILE}`, import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Json>>;
};

const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
const operation = (id: string): Json => {
  const found = operations.find((each) => each.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

describe('limits in the document', () => {
  it('gives every path parameter a maxLength of at most the path limit', () => {
    const missing: string[] = [];
    for (const op of operations) {
      for (const parameter of (op.parameters ?? []) as { name: string; in: string; schema: Json }[]) {
        if (parameter.in !== 'path') continue;
        const text = [parameter.schema, ...((parameter.schema.anyOf ?? []) as Json[])].find(
          (schema) => schema.type === 'string',
        );
        const max = text?.maxLength;
        if (typeof max !== 'number' || max > REQUEST_LIMITS.pathParam || text?.minLength !== 1)
          missing.push(`${String(op.operationId)} ${parameter.name}: ${JSON.stringify(parameter.schema)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('states the whole-body limits of every bounded body', () => {
    let bounded = 0;
    for (const entry of endpointList) {
      const limits =
        entry.body && (z.globalRegistry.get(entry.body)?.[BODY_LIMITS_KEY] as BodyLimits | undefined);
      if (!limits) continue;
      bounded += 1;
      const content = (operation(entry.id).requestBody as { content: Record<string, { schema: Json }> })
        .content;
      const schema = (content['application/json'] ?? content['multipart/form-data'])?.schema ?? {};
      expect(schema[BODY_LIMITS_KEY], entry.id).toEqual(limits);
      expect(schema.maxProperties, entry.id).toBe(limits.entries);
      expect(schema.description, entry.id).toContain(`${limits.depth} levels of nesting`);
      expect(schema.description, entry.id).toContain(`${limits.string} characters (code points)`);
    }
    expect(bounded).toBeGreaterThan(0);
  });
});

/**
 * An OpenAPI 3.1 document of the whole catalogue, generated from the SDK's zod schemas with zod 4's
 * JSON Schema output (`z.toJSONSchema`, draft 2020-12, the dialect OpenAPI 3.1 uses). For teams
 * that use bi-directional contract testing or generate server stubs; the pacts stay the contract
 * of what the clients rely on. Regenerate with `pnpm --filter @matchmaker/contracts openapi`.
 */
import { type EndpointDef, endpointList } from '@matchmaker/sdk/schemas';
import { z } from 'zod';

type Json = Record<string, unknown>;

export const OPENAPI_FILE = 'openapi/matchmaker.openapi.gen.json';

/** JSON Schema of one zod schema, as the request (`input`) or the answer (`output`) side sees it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and custom checks have no JSON Schema: they are described as "any value".
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as Json;
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

function parameters(entry: EndpointDef): Json[] {
  const out: Json[] = [];
  const pathSchema = entry.params ? jsonSchema(entry.params, 'input') : {};
  const pathProps = (pathSchema.properties ?? {}) as Record<string, Json>;
  for (const match of entry.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] as string;
    out.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } });
  }
  if (entry.query) {
    const querySchema = jsonSchema(entry.query, 'input');
    const required = new Set((querySchema.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((querySchema.properties ?? {}) as Record<string, Json>))
      out.push({ name, in: 'query', required: required.has(name), schema });
  }
  return out;
}

function requestBody(entry: EndpointDef): Json | undefined {
  if (!entry.body) return undefined;
  const schema = jsonSchema(entry.body, 'input');
  if (entry.bodyType !== 'multipart') return { required: true, content: { 'application/json': { schema } } };
  const properties = {
    file: { type: 'string', contentMediaType: 'application/octet-stream' },
    ...((schema.properties ?? {}) as Json),
  };
  const required = ['file', ...((schema.required ?? []) as string[])];
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { ...schema, properties, required } } },
  };
}

function responses(entry: EndpointDef): Json {
  const ok =
    entry.response === 'binary'
      ? {
          description: 'The file, under its own content type (application/pdf, image/png, ...)',
          content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        }
      : {
          description: entry.summary,
          content: { 'application/json': { schema: jsonSchema(entry.response, 'output') } },
        };
  const answers: Json = { '200': ok };
  if (entry.body || entry.query || entry.params)
    answers['400'] = errorAnswer('Validation failed: `errors` lists the fields');
  answers['401'] = errorAnswer('Missing credentials, a wrong password, or a member on a back-office call');
  if (entry.access !== 'public') {
    answers['403'] = errorAnswer('The access token expired or is unknown: the client refreshes and replays');
    answers['406'] = errorAnswer('The account is suspended: the client logs out');
  }
  return answers;
}

function operation(entry: EndpointDef): Json {
  const body = requestBody(entry);
  return {
    operationId: entry.id,
    summary: entry.summary,
    tags: [entry.provider],
    ...(entry.access === 'public' ? { security: [{}, { bearer: [] }] } : { security: [{ bearer: [] }] }),
    parameters: parameters(entry),
    ...(body ? { requestBody: body } : {}),
    responses: responses(entry),
  };
}

export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const entry of endpointList) {
    const item = paths[entry.path] ?? {};
    item[entry.method.toLowerCase()] = operation(entry);
    paths[entry.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Matchmaker API (as the Matchmaker clients use it)',
      version: '2',
      description:
        'Generated from the @matchmaker/sdk endpoint catalogue and its zod schemas. The pacts in contracts/pacts are the consumer contract; this document describes the same calls for tooling.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(endpointList.map((entry) => entry.provider))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: { path: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}

/** The committed file's exact text: two-space JSON and a final newline. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

/**
 * An OpenAPI 3.1 document of the whole catalogue, generated from the SDK's zod schemas with zod 4's
 * JSON Schema output (`z.toJSONSchema`, draft 2020-12, the dialect OpenAPI 3.1 uses). For teams
 * that use bi-directional contract testing or generate server stubs; the pacts stay the contract
 * of what the clients rely on. Regenerate with `pnpm --filter @matchmaker/contracts openapi`.
 */
import {
  API_ERROR_CODES,
  BODY_LIMITS_KEY,
  type BodyLimits,
  type EndpointDef,
  endpointList,
  errorAnswers,
} from '@matchmaker/sdk/schemas';
import * as z from 'zod';

type Json = Record<string, unknown>;

export const OPENAPI_FILE = 'openapi/matchmaker.openapi.gen.json';

/** JSON Schema of one zod schema, as the request (`input`) or the answer (`output`) side sees it. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Json {
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

/** The repository's licence (`UNLICENSED` in package.json): the document is for the backend teams that serve it. */
const LICENSE = {
  name: 'Proprietary: for the teams that build or serve the Matchmaker API',
  identifier: 'LicenseRef-Matchmaker-Proprietary',
};

/** What each backend service (a tag, and a pact file's provider) answers. */
const PROVIDER_DESCRIPTIONS: Record<string, string> = {
  usermgmt:
    "Accounts, sessions, settings, devices and the back office's user management (pact: matchmaker-usermgmt)",
  main: 'Location search by coordinates (pact: matchmaker-main)',
  bytebox: 'Images, uploads, KYC verification and documents (pact: matchmaker-bytebox)',
  'feature-switch': 'Feature switches and their subfeatures (pact: matchmaker-feature-switch)',
  alerts: 'Notifications (pact: matchmaker-alerts)',
  recommendations: 'Recommendations, match requests and match analytics (pact: matchmaker-recommendations)',
  chats: 'Chat rooms, messages, files, blocks and reports (pact: matchmaker-chats)',
  payment: 'Plans, offers and subscriptions (pact: matchmaker-payment)',
  analytics: 'The daily-active-user event (pact: matchmaker-analytics)',
};

/**
 * Any JSON without a `__proto__` key or a `constructor` holding `prototype`, at any depth: every
 * JSON body must also match it (`allOf`), as the SDK's `prototypeKeyBreach` and the sandbox demand.
 */
const NO_PROTOTYPE_KEYS = {
  description: 'No key named `__proto__`, and no `constructor` key holding a `prototype`, anywhere',
  propertyNames: { not: { const: '__proto__' } },
  // `required` and `properties` hold only for objects: without `type`, every string, number or
  // boolean would match this `not` and so be refused.
  not: {
    type: 'object',
    required: ['constructor'],
    properties: { constructor: { type: 'object', required: ['prototype'], properties: { prototype: {} } } },
  },
  additionalProperties: { $ref: '#/components/schemas/NoPrototypeKeys' },
  items: { $ref: '#/components/schemas/NoPrototypeKeys' },
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const SAFE_JSON_REF = { $ref: '#/components/schemas/NoPrototypeKeys' };

/**
 * A body bounded as a whole (the SDK's `boundedBody`, marked `x-body-limits`): the limits JSON
 * Schema can state are stated (`maxProperties`), and all of them in the description, since
 * nesting, a count over the whole body and a size have no keyword.
 */
function withBodyLimits(schema: Json): Json {
  const limits = schema[BODY_LIMITS_KEY] as BodyLimits | undefined;
  if (!limits) return schema;
  const stated = `Limits of the whole body, unknown keys included (\`${BODY_LIMITS_KEY}\`): at most ${limits.depth} levels of nesting (the body itself is level 1), ${limits.entries} keys and array items in all, about ${limits.bytes} bytes as JSON, and ${limits.string} characters (code points) in any string; past one, 400 naming where.`;
  const description = typeof schema.description === 'string' ? `${schema.description} ${stated}` : stated;
  return { ...schema, maxProperties: limits.entries, description };
}

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
  if (entry.bodyType === 'multipart') return multipartBody(entry);
  if (!entry.body) return undefined;
  // Every JSON body, whatever its own schema, is refused with a prototype key anywhere in it.
  const schema = { ...withBodyLimits(jsonSchema(entry.body, 'input')), allOf: [SAFE_JSON_REF] };
  return { required: true, content: { 'application/json': { schema } } };
}

function multipartBody(entry: EndpointDef): Json {
  const fields = entry.body ? withBodyLimits(jsonSchema(entry.body, 'input')) : { type: 'object' };
  const upload = entry.upload;
  const field = upload?.field ?? 'file';
  const file = {
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: upload
      ? `A non-empty file of at most ${upload.maxBytes} bytes, of type ${upload.contentTypes.join(', ')}; at most ${upload.maxFiles} files in one request`
      : 'The file',
  };
  const schema = {
    ...fields,
    properties: { [field]: file, ...((fields.properties ?? {}) as Json) },
    required: [field, ...((fields.required ?? []) as string[])],
  };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema,
        ...(upload ? { encoding: { [field]: { contentType: upload.contentTypes.join(', ') } } } : {}),
      },
    },
  };
}

function okAnswer(entry: EndpointDef): Json {
  if (entry.response === 'binary') {
    return {
      description: 'The file, under its own content type (application/pdf, image/png, ...)',
      content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    };
  }
  return {
    description: entry.summary,
    content: { 'application/json': { schema: jsonSchema(entry.response, 'output') } },
  };
}

/** The success answer and every error answer of the call (`errorAnswers`, from the SDK catalogue). */
function responses(entry: EndpointDef): Json {
  const answers: Json = { '200': okAnswer(entry) };
  for (const answer of errorAnswers(entry)) {
    const headers = Object.fromEntries(
      Object.entries(answer.headers ?? {}).map(([name, description]) => [
        name,
        { description, schema: { type: 'integer', minimum: 0 } },
      ]),
    );
    answers[String(answer.status)] = {
      description: answer.description,
      ...(answer.headers ? { headers } : {}),
      // A body that says more than Error (a 409's earlier decision) is still an Error.
      content: {
        'application/json': {
          schema: answer.body ? { allOf: [ERROR_REF, jsonSchema(answer.body, 'output')] } : ERROR_REF,
        },
      },
    };
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
        'Generated from the @matchmaker/sdk endpoint catalogue and its zod schemas. The pacts in contracts/pacts are the consumer contract; this document describes the same calls for tooling. Every status a call can answer is listed with it; error bodies are `Error`. A method a path does not list here answers 405 with `Allow` naming the methods it does list (and HEAD, answered wherever GET is). Where two paths match one URL, each with a fixed segment where the other has a parameter (`/accounts/public/{id}` and `/accounts/{userId}/initiate-account-deletion`), the method picks the operation: a POST to `/accounts/public/initiate-account-deletion` is `accounts.initiateAccountDeletion` for the user id `public`, a GET is `accounts.publicProfile` of the id `initiate-account-deletion`.',
      license: LICENSE,
    },
    servers: [{ url: '/' }],
    tags: [...new Set(endpointList.map((entry) => entry.provider))].map((name) => ({
      name,
      description: PROVIDER_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        NoPrototypeKeys: NO_PROTOTYPE_KEYS,
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            code: {
              type: 'string',
              description: `A refusal the client acts on: ${Object.entries(API_ERROR_CODES)
                .map(([code, meaning]) => `\`${code}\` (${meaning})`)
                .join('; ')}`,
            },
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

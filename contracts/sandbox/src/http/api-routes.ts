/**
 * Registers one route per catalogue entry, walking the SDK's `endpointList` (paths are never
 * restated here), and runs every call through the same steps: authenticate, authorise, validate
 * with the entry's zod schemas, dispatch to the handler keyed by endpoint id, answer.
 */
import type { EndpointId } from '@matchmaker/sdk';
import { type EndpointDef, endpointList } from '@matchmaker/sdk/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../core/auth';
import type { World } from '../core/world';
import type { MultipartRecord } from '../state/journal-entries';
import type { UserRecord } from '../state/types';
import { ADMIN_ONLY, ALLOWED_WHEN_DELETED, ALLOWED_WHEN_SUSPENDED, isAdminUser } from './access';
import { answerMethod, type CatalogueResources, requestPath } from './allowed-methods';
import { ApiError, accountDeleted, type FieldError, tokenRefused, unauthorized } from './api-error';
import { setMediaHeaders } from './media-headers';
import { type MultipartBody, readMultipart } from './multipart';
import type { AnyHandler, BinaryAnswer, RequestContext, UploadedFile } from './request-context';
import { bodyLimitErrors, coerceRecord, type Section, validate } from './validation';

/** `/a/{id}/b` to fastify's `/a/:id/b`. */
export const toRoutePath = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1');

export function isBinaryAnswer(value: unknown): value is BinaryAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'binary' &&
    Buffer.isBuffer((value as { bytes?: unknown }).bytes)
  );
}

/** The --data journal's side of a call: the handler runs with the request's recording. */
export interface RequestRecorder {
  resume<T>(request: FastifyRequest, multipart: MultipartRecord | undefined, work: () => T): T;
}

export function registerApiRoutes(
  app: FastifyInstance,
  world: World,
  handlers: Record<string, AnyHandler>,
  options: { resources: CatalogueResources; recorder?: RequestRecorder | undefined },
): void {
  const { resources, recorder } = options;
  for (const endpoint of endpointList) {
    const handler = handlers[endpoint.id];
    if (!handler) throw new Error(`sandbox: no handler for ${endpoint.id}`);
    app.route({
      method: endpoint.method,
      url: toRoutePath(endpoint.path),
      // A file answer (an image, a PDF) goes as stored; JSON answers are compressed (compression.ts).
      ...(endpoint.response === 'binary' && { compress: false }),
      // The router takes `/admin/users/search` for a user id when the method has no route of its
      // own there: that path names another resource, which answers 405. Checked before the body is
      // read (so nothing is journaled), and only on the routes where it can happen.
      ...(resources.isShadowed(endpoint.path) && {
        onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
          const resource = resources.shadowing(requestPath(request), endpoint.path);
          if (resource) answerMethod(request, reply, resource);
          else done();
        },
      }),
      handler: (request, reply) => handle(world, endpoint, handler, request, reply, recorder),
    });
  }
}

function identify(
  world: World,
  endpoint: EndpointDef,
  request: FastifyRequest,
): { user: UserRecord | null; token?: string } {
  const token = Auth.bearer(request.headers.authorization);
  const id = endpoint.id as EndpointId;
  if (endpoint.access === 'public') {
    // A stale token on a public call (the refresh call itself, say) is ignored, not refused.
    const check = world.auth.checkAccess(token);
    if (!check.ok) return { user: null };
    refuseLimitedAccount(check.user, id);
    return { user: check.user, token: check.token };
  }
  const check = world.auth.checkAccess(token);
  if (!check.ok) {
    throw check.reason === 'missing' ? unauthorized('Authentication required') : tokenRefused();
  }
  refuseLimitedAccount(check.user, id);
  if (ADMIN_ONLY.has(id) && !isAdminUser(check.user)) throw unauthorized('Admin only');
  return { user: check.user, token: check.token };
}

/** A suspended or deleted account's token reaches only the calls its state allows, public ones included. */
function refuseLimitedAccount(user: UserRecord, id: EndpointId): void {
  if (user.status === 'suspended' && !ALLOWED_WHEN_SUSPENDED.has(id))
    throw new ApiError(406, 'Account suspended');
  if (user.is_deleted && !ALLOWED_WHEN_DELETED.has(id)) throw accountDeleted();
}

/**
 * 415 for a body of a type the call does not take: a JSON call reads only `application/json`, an
 * upload only `multipart/form-data` (the document's `requestBody` of each). The sandbox's pages read
 * forms too, so a form would otherwise reach a JSON call as fields. A GET's body is never read, and
 * an empty body is of no type.
 */
function refuseOtherBodyTypes(endpoint: EndpointDef, request: FastifyRequest): void {
  const sent = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (!sent || endpoint.method === 'GET' || carriesNoBody(request)) return;
  const takes = endpoint.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
  if (sent !== takes)
    throw new ApiError(415, `Unsupported content type ${sent}: ${endpoint.id} takes ${takes}`);
}

/**
 * An empty body has no type to refuse: fetch labels `''` as text/plain, and a proxy may add a
 * content type to an empty PUT (a toggle takes no body).
 */
function carriesNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length === '0' || (length === undefined && request.headers['transfer-encoding'] === undefined);
}

/** A multipart body as the journal keeps it, to build it again on replay. */
function toRecord(multipart: MultipartBody): MultipartRecord {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(multipart.fields)) fields[name] = String(value);
  return {
    fields,
    files: multipart.files.map((file) => ({
      field: file.field,
      filename: file.filename,
      contentType: file.contentType,
      data: file.bytes.toString('base64'),
    })),
  };
}

async function handle(
  world: World,
  endpoint: EndpointDef,
  handler: AnyHandler,
  request: FastifyRequest,
  reply: FastifyReply,
  recorder: RequestRecorder | undefined,
): Promise<unknown> {
  const { user, token } = identify(world, endpoint, request);
  refuseOtherBodyTypes(endpoint, request);

  const errors: FieldError[] = [];
  const check = (section: Section, schema: EndpointDef['params'], raw: unknown, coerce: boolean): unknown => {
    if (!schema) return section === 'body' ? raw : {};
    const input =
      coerce && typeof raw === 'object' && raw !== null
        ? coerceRecord(schema, raw as Record<string, unknown>)
        : raw;
    const result = validate(section, schema, input);
    if (result.ok) return result.value;
    errors.push(...result.errors);
    return undefined;
  };

  let files: UploadedFile[] = [];
  let multipartRecord: MultipartRecord | undefined;
  let rawBody: unknown = request.body;
  if (endpoint.bodyType === 'multipart') {
    const multipart = await readMultipart(request);
    if (recorder) multipartRecord = toRecord(multipart);
    files = multipart.files;
    rawBody = endpoint.body ? coerceRecord(endpoint.body, multipart.fields) : multipart.fields;
  }
  const params = check('params', endpoint.params, request.params ?? {}, true);
  const query = check('query', endpoint.query, request.query ?? {}, true);
  // A body past its limits is refused on them alone (its schema would say the same of a known key).
  const limitErrors = endpoint.body ? bodyLimitErrors(endpoint.body, rawBody) : [];
  errors.push(...limitErrors);
  const body = limitErrors.length > 0 ? undefined : check('body', endpoint.body, rawBody, false);
  if (errors.length > 0) throw new ApiError(400, 'Validation failed', { errors });

  const ctx = {
    endpoint,
    params,
    query,
    body,
    files,
    user,
    token,
    world,
    baseUrl: `${request.protocol}://${request.host}`,
    ip: request.ip,
    headers: request.headers,
  } as RequestContext;

  // After a multipart read the handler runs outside the journal's wrapper; it resumes the recording.
  const answer = await (recorder
    ? recorder.resume(request, multipartRecord, () => handler(ctx))
    : handler(ctx));
  if (endpoint.method !== 'GET') world.store.touch(true);
  // Answers are per user and change with every write; nothing may cache them.
  reply.header('cache-control', 'no-store');

  if (isBinaryAnswer(answer)) {
    return setMediaHeaders(reply)
      .type(answer.contentType)
      .header('content-disposition', `inline; filename="${answer.filename.replace(/"/g, '')}"`)
      .send(answer.bytes);
  }
  const payload = answer === undefined ? { message: 'OK' } : answer;
  if (world.options.checkResponses && endpoint.response !== 'binary') {
    const result = endpoint.response.safeParse(payload);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      request.log.error(
        { endpoint: endpoint.id, issues },
        'sandbox answer does not parse with the SDK schema',
      );
      throw new ApiError(500, `Sandbox answer of ${endpoint.id} does not parse with the SDK schema`, {
        errors: issues,
      });
    }
  }
  return reply.send(payload);
}

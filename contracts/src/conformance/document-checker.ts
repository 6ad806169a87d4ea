/**
 * The OpenAPI document as a judge, with ajv (JSON Schema 2020-12, an outside validator rather than
 * the SDK's zod): whether a request is one the document allows (a generated probe before it is
 * sent, a pact's recorded request), and whether an answer is one it documents.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bodyLimitProblems, limitsOf } from './body-limits';
import type { Schema } from './json-arbitrary';
import type { Operation, RequestPieces } from './operations';

type Json = Record<string, unknown>;

export class DocumentChecker {
  readonly #ajv: Ajv2020;
  /** Reads parameter values from their text, as a server would (`"2"` for an integer). */
  readonly #fromText: Ajv2020;
  readonly #components: Json;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    this.#components = document.components as Json;
    this.#ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    this.#fromText = new Ajv2020({
      strict: false,
      allErrors: false,
      validateFormats: true,
      coerceTypes: true,
    });
    addFormats.default(this.#ajv);
    addFormats.default(this.#fromText);
  }

  #validator(key: string, schema: Schema, fromText = false): ValidateFunction {
    const cacheKey = `${fromText ? 'text' : 'json'} ${key}`;
    let validate = this.#validators.get(cacheKey);
    if (!validate) {
      // A parameter read from text is wrapped in an object: ajv converts property values in place.
      const root = fromText ? { type: 'object', properties: { value: schema } } : schema;
      validate = (fromText ? this.#fromText : this.#ajv).compile({ ...root, components: this.#components });
      this.#validators.set(cacheKey, validate);
    }
    return validate;
  }

  #why(validate: ValidateFunction, where: string): string {
    const first = validate.errors?.[0];
    const at = (first?.instancePath ?? '').replace(/^\/value/, '');
    return `${where}${at.replaceAll('/', '.')}: ${first?.message ?? 'refused'}`;
  }

  /**
   * What the document refuses in a request, or an empty list. `fromText`: the parameters are the
   * text a URL carries (a pact's), not the typed values a probe holds before it is sent.
   */
  requestProblems(operation: Operation, request: RequestPieces, fromText = false): string[] {
    const problems: string[] = [];
    for (const parameter of operation.parameters) {
      const where = `${parameter.in} ${parameter.name}`;
      const value = parameter.in === 'path' ? request.params[parameter.name] : request.query[parameter.name];
      if (value === undefined) {
        if (parameter.required) problems.push(`${where}: missing`);
        continue;
      }
      const validate = this.#validator(`${operation.id} ${where}`, parameter.schema, fromText);
      if (!validate(fromText ? { value } : value)) problems.push(this.#why(validate, where));
    }
    const body = operation.body;
    if (body?.type === 'json') {
      const value = request.rawBody === undefined ? request.body : JSON.parse(request.rawBody);
      const validate = this.#validator(`${operation.id} body`, body.schema);
      if (value === undefined) problems.push('body: missing');
      else if (!validate(value)) problems.push(this.#why(validate, 'body'));
      // What the schema's keywords cannot say: the limits of the body as a whole.
      const limits = limitsOf(body.schema);
      if (value !== undefined && limits) problems.push(...bodyLimitProblems(value, limits));
    }
    if (body?.type === 'multipart') problems.push(...this.#multipartProblems(operation, request));
    return problems;
  }

  #multipartProblems(operation: Operation, request: RequestPieces): string[] {
    const body = operation.body;
    if (!body) return [];
    if (request.rawMultipart !== undefined) return ['body: not a well-formed multipart body'];
    const problems: string[] = [];
    const { file } = request;
    if (!file) problems.push('body.file: missing');
    else if (file.bytes === 0) problems.push('body.file: empty');
    else if (!body.fileTypes.includes(file.type)) problems.push(`body.file: type ${file.type}`);
    const { file: _file, ...fields } = (body.schema.properties ?? {}) as Json;
    const required = ((body.schema.required ?? []) as string[]).filter((name) => name !== 'file');
    const validate = this.#validator(`${operation.id} fields`, {
      ...body.schema,
      properties: fields,
      required,
    });
    if (!validate(request.body ?? {})) problems.push(this.#why(validate, 'body'));
    return problems;
  }

  /** Whether the document refuses the request: a generated breakage may happen to be allowed. */
  breaksTheDocument(operation: Operation, request: RequestPieces): boolean {
    return this.requestProblems(operation, request).length > 0;
  }

  /** Whether a body is the document's `Error` (for answers no operation lists, such as a 405). */
  isError(body: unknown): boolean {
    return this.#validator('Error', { $ref: '#/components/schemas/Error' })(body);
  }

  /** What is wrong with the answer, or an empty list. */
  problems(operation: Operation, status: number, headers: Headers, body: unknown): string[] {
    if (status >= 500) return [`answered ${status}`];
    const documented = operation.responses[String(status)];
    if (!documented) return [`answered ${status}, which the document does not list`];
    const content = documented.content as Record<string, { schema: Schema }> | undefined;
    const json = content?.['application/json'];
    const problems: string[] = [];
    if (json) {
      const validate = this.#validator(`${operation.id} ${status}`, json.schema);
      if (!validate(body)) problems.push(`${status} ${this.#why(validate, 'body')}`);
    }
    const documentedHeaders = (documented.headers ?? {}) as Json;
    for (const name of Object.keys(documentedHeaders)) {
      if (!headers.has(name)) problems.push(`${status} without the ${name} header`);
    }
    return problems;
  }
}

/**
 * --fields on a command that changes something, checked against the answer its change can have
 * (the endpoint's zod schema in the SDK's catalogue) before the change is sent: a typo found
 * after the change would exit 2, which promises that nothing was sent.
 */
import type { EndpointId } from '@matchmaker/sdk';
import { type EndpointDef, endpoints } from '@matchmaker/sdk/schemas';
import * as z from 'zod/mini';
import { usageError } from './exit';
import { named } from './fields';
import { isRecord } from './guards';

/** What an answer can hold: dotted paths, and paths under which any key may come (a z.record). */
interface Shape {
  paths: Set<string>;
  open: Set<string>;
}

type JsonSchema = Record<string, unknown>;

const schemaAt = (value: unknown): JsonSchema | undefined => (isRecord(value) ? value : undefined);

/** The paths of a JSON Schema node; arrays are not walked into (--fields does not index them). */
function walk(node: JsonSchema | undefined, prefix: string, shape: Shape, root: JsonSchema, depth: number) {
  if (!node || depth > 12) return;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const target = ref === '#' ? root : schemaAt(schemaAt(root.$defs)?.[ref.replace('#/$defs/', '')]);
    walk(target, prefix, shape, root, depth + 1);
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const options = node[key];
    if (Array.isArray(options))
      for (const option of options) walk(schemaAt(option), prefix, shape, root, depth + 1);
  }
  const properties = schemaAt(node.properties);
  const keys = properties ? Object.keys(properties) : [];
  // A record (z.record) or an object of any keys: every path beneath is possible. Loose objects
  // with declared properties are taken at their word: the contract lists what they hold.
  const anyKeys = node.type === 'object' && keys.length === 0 && node.additionalProperties !== false;
  const anything = Object.keys(node).length === 0;
  if (prefix !== '' && (anyKeys || anything)) shape.open.add(prefix);
  for (const key of keys) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    shape.paths.add(path);
    walk(schemaAt(properties?.[key]), path, shape, root, depth + 1);
  }
}

/** The records inside a node (a nested object, or the items of a list of objects). */
function recordsIn(node: JsonSchema | undefined, root: JsonSchema, depth = 0): JsonSchema[] {
  if (!node || depth > 6) return [];
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    return recordsIn(
      ref === '#' ? root : schemaAt(schemaAt(root.$defs)?.[ref.replace('#/$defs/', '')]),
      root,
      depth + 1,
    );
  }
  const found: JsonSchema[] = [];
  for (const key of ['anyOf', 'oneOf']) {
    const options = node[key];
    if (Array.isArray(options))
      for (const option of options) found.push(...recordsIn(schemaAt(option), root, depth + 1));
  }
  if (node.type === 'object' && schemaAt(node.properties)) found.push(node);
  if (node.type === 'array') found.push(...recordsIn(schemaAt(node.items), root, depth + 1));
  return found;
}

/**
 * What a command can print of an answer: the answer, or one record or list it carries (`user` of
 * a changed user, `users` of a page). The paths of each are accepted.
 */
function answerShape(schema: z.core.$ZodType): Shape {
  const root = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const shape: Shape = { paths: new Set(), open: new Set() };
  walk(root, '', shape, root, 0);
  for (const child of Object.values(schemaAt(root.properties) ?? {}))
    for (const record of recordsIn(schemaAt(child), root)) walk(record, '', shape, root, 0);
  return shape;
}

const shapes = new Map<string, Shape>();

function known(shape: Shape, field: string): boolean {
  if (shape.paths.has(field)) return true;
  for (const prefix of shape.open) if (field.startsWith(`${prefix}.`)) return true;
  return false;
}

/** Throws a usage error, before `endpoint` is called, for fields its answer cannot have. */
export function checkFieldsBefore(endpoint: EndpointDef, fields: readonly string[]) {
  if (typeof endpoint.response === 'string') return;
  let shape = shapes.get(endpoint.id);
  if (!shape) {
    shape = answerShape(endpoint.response);
    shapes.set(endpoint.id, shape);
  }
  const unknown = fields.filter((field) => !known(shape, field));
  if (unknown.length === 0) return;
  throw usageError(
    `--fields: ${named(unknown, shape.paths, 'unknown field %s')}: the answer of ${endpoint.id} has no such field; nothing was sent`,
  );
}

/**
 * For a command to call before its question: --fields (when given) checked against the answer of
 * the change it asks about, so a typo is refused before staff say yes, not after.
 */
export function checkFieldsOf(id: EndpointId, fields: readonly string[] | undefined) {
  if (fields) checkFieldsBefore(endpoints[id], fields);
}

const catalogue: Readonly<Record<string, EndpointDef>> = endpoints;

/**
 * The client, with every call that can change something (not one the catalogue marks a read,
 * with a session) checking --fields against its answer first: a look-up before the change (a POST
 * search) is not checked, the change is. Calls keep their own `this` (services use private fields).
 * `onChange` is told when such a call passed the check and is being sent.
 */
export function checkingFields<C extends object>(
  client: C,
  fields: readonly string[],
  onChange: () => void,
): C {
  const service = (target: object, name: string): object =>
    new Proxy(target, {
      get(inner, method, receiver) {
        const value: unknown = Reflect.get(inner, method, receiver);
        if (typeof value !== 'function' || typeof method !== 'string') return value;
        const call = value as (...args: unknown[]) => unknown;
        const endpoint = catalogue[`${name}.${method}`];
        if (!endpoint || endpoint.effect === 'read' || endpoint.access !== 'session')
          return (...args: unknown[]) => call.apply(inner, args);
        return (...args: unknown[]) => {
          checkFieldsBefore(endpoint, fields);
          onChange();
          return call.apply(inner, args);
        };
      },
    });
  return new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value === 'function') return (value as (...args: unknown[]) => unknown).bind(target);
      return typeof name === 'string' && isRecord(value) ? service(value, name) : value;
    },
  });
}

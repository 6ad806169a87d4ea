import { ContractError } from '../errors';

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Names of the `{param}` placeholders of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

/**
 * Fills a path template; each value is URI-encoded so ids cannot change the path's shape. "." and
 * ".." are refused: encoding leaves dots alone, and a URL resolves such a segment (even as %2e)
 * into another path: `users/../` would reach the endpoint above.
 */
export function buildPath(endpointId: string, template: string, params: unknown): string {
  const pieces = piecesOf(template);
  if (pieces.length === 1) return template;
  const values = (params ?? {}) as Record<string, unknown>;
  let path = pieces[0] as string;
  for (let index = 1; index < pieces.length; index += 2) {
    path += segment(endpointId, pieces[index] as string, values) + (pieces[index + 1] as string);
  }
  return path;
}

/** A template split once into literal text and parameter names, alternately (text first). */
const templates = new Map<string, readonly string[]>();

function piecesOf(template: string): readonly string[] {
  let pieces = templates.get(template);
  if (!pieces) {
    pieces = template.split(/\{([A-Za-z0-9_]+)\}/);
    templates.set(template, pieces);
  }
  return pieces;
}

/** One parameter's value, percent-encoded; refused when missing or when it would name another path. */
function segment(endpointId: string, name: string, values: Record<string, unknown>): string {
  const value = values[name];
  if (value === undefined || value === null || value === '') {
    throw new ContractError(endpointId, 'request', [
      { path: `params.${name}`, message: `missing path parameter "${name}"` },
    ]);
  }
  const text = String(value);
  if (text === '.' || text === '..') {
    throw new ContractError(endpointId, 'request', [
      {
        path: `params.${name}`,
        message: `"${text}" cannot be a path parameter: it would name another path`,
      },
    ]);
  }
  return encodeURIComponent(text);
}

/** Query values as strings; undefined and null are left out, booleans and numbers are stringified. */
export function toQuery(query: unknown): Record<string, string> | undefined {
  if (query === undefined || query === null) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    out[key] = String(value);
  }
  return out;
}

/** Joins the API base and a path without doubling or dropping the slash between them. */
export function joinURL(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

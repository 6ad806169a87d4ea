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
  if (!template.includes('{')) return template;
  const values = (params ?? {}) as Record<string, unknown>;
  return template.replace(PLACEHOLDER, (_match, name: string) => {
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
  });
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

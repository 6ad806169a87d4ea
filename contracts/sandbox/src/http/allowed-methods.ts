/**
 * Which methods the catalogue has for a path, so a method it does not have answers 405 with
 * `Allow` (and OPTIONS answers 204 with it) rather than 404, or a handler that took the path for
 * an id. A path names the resource the router would pick with every method: of the templates that
 * match it, the one with static segments where the others have parameters, left to right
 * (`/admin/users/search` before `/admin/users/{id}`). `Allow` names HEAD wherever GET is: fastify
 * answers HEAD on every GET route, as HTTP servers do.
 *
 * A route gives way to another resource only when that one's template is static wherever the
 * route's is (`/admin/users/search` over `/admin/users/{id}`). Where each of two templates has a
 * static segment where the other has a parameter (`/accounts/public/{id}` and
 * `/accounts/{userId}/initiate-account-deletion`), the method decides: a POST to
 * `/accounts/public/initiate-account-deletion` is the deletion call for the user id `public`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The order `Allow` lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface Resource {
  /** The catalogue's path template, `/a/{id}/b`. */
  readonly template: string;
  readonly methods: readonly string[];
  /** `Allow`'s value. */
  readonly allow: string;
}

interface IndexedResource extends Resource {
  /** A segment's text, or undefined for a parameter (which matches any non-empty segment). */
  readonly segments: readonly (string | undefined)[];
}

const segmentsOf = (template: string): (string | undefined)[] =>
  template.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? undefined : segment));

/** Whether `a` is picked before `b` for a path both match: the first segment that differs decides. */
function moreSpecific(a: IndexedResource, b: IndexedResource): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const ownStatic = a.segments[i] !== undefined;
    if (ownStatic !== (b.segments[i] !== undefined)) return ownStatic;
  }
  return false;
}

/** Whether `a` is static wherever `b` is, with the same text, and static somewhere `b` is not. */
function dominates(a: IndexedResource, b: IndexedResource): boolean {
  if (a.segments.length !== b.segments.length) return false;
  const sameWhereStatic = b.segments.every(
    (segment, i) => segment === undefined || a.segments[i] === segment,
  );
  return (
    sameWhereStatic && a.segments.some((segment, i) => segment !== undefined && b.segments[i] === undefined)
  );
}

function matches(resource: IndexedResource, parts: readonly string[]): boolean {
  if (resource.segments.length !== parts.length) return false;
  return resource.segments.every((segment, i) =>
    segment === undefined ? parts[i] !== '' : segment === parts[i],
  );
}

export class CatalogueResources {
  private readonly resources: IndexedResource[];

  constructor(endpoints: readonly { method: string; path: string }[]) {
    const byTemplate = new Map<string, Set<string>>();
    for (const { method, path } of endpoints)
      byTemplate.set(path, (byTemplate.get(path) ?? new Set()).add(method));
    this.resources = [...byTemplate].map(([template, methods]) => {
      if (methods.has('GET')) methods.add('HEAD');
      const ordered = METHOD_ORDER.filter((method) => methods.has(method));
      return { template, methods: ordered, allow: ordered.join(', '), segments: segmentsOf(template) };
    });
  }

  /** The resource a request path names, if the catalogue has one. */
  find(path: string): Resource | undefined {
    const parts = path.split('/');
    let best: IndexedResource | undefined;
    for (const resource of this.resources) {
      if (matches(resource, parts) && (!best || moreSpecific(resource, best))) best = resource;
    }
    return best;
  }

  /**
   * Whether some path the template matches names another resource (static wherever the template
   * is, and where it has a parameter): only then must a request routed to it be checked with
   * `shadowing`.
   */
  isShadowed(template: string): boolean {
    const own = this.resources.find((resource) => resource.template === template);
    if (!own) return false;
    return this.resources.some((other) => dominates(other, own));
  }

  /** The resource a request routed to `template` names instead, when one does (see above). */
  shadowing(path: string, template: string): Resource | undefined {
    const own = this.resources.find((resource) => resource.template === template);
    const found = this.find(path) as IndexedResource | undefined;
    return own && found && found !== own && dominates(found, own) ? found : undefined;
  }
}

/** The request's path without its query. */
export const requestPath = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

/** 405 for a method the resource lacks; OPTIONS, which any resource takes, answers 204. Both say `Allow`. */
export function answerMethod(request: FastifyRequest, reply: FastifyReply, resource: Resource): FastifyReply {
  reply.header('allow', resource.allow);
  if (request.method === 'OPTIONS') return reply.code(204).send();
  return reply.code(405).send({
    message: `Method ${request.method} is not allowed on ${requestPath(request)} (allowed: ${resource.allow})`,
  });
}

/**
 * One path normalisation shared by the route guard and the page-metadata rules, so both classify a
 * path the same way.
 *
 * The guard may be handed a raw navigation target before the browser has turned it into a
 * `location.pathname`, so the normalisation mirrors what the URL parser would do to it: the query
 * string and hash are dropped, a backslash is a separator, `.` and `..` segments are resolved, and
 * repeated, leading and trailing slashes carry no meaning. Percent-encoding is left alone: neither
 * the browser nor the router decodes the pathname before matching.
 */

/** The non-empty segments of a path, in their original case. `pathSegments('/a//b/?q#h')` is ['a', 'b']. */
export function pathSegments(path: string | null | undefined): string[] {
  if (path == null) return [];
  const pathname = path.trim().split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const segment of pathname.split(/[/\\]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return segments;
}

/**
 * The segments lower-cased, for matching against route names. Routes are matched case-insensitively
 * because the web app's router (wouter, through regexparam) compiles its patterns with the `i` flag:
 * '/Profile' renders the profile page, so it must be guarded like '/profile'.
 */
export function routeSegments(path: string | null | undefined): string[] {
  return pathSegments(path).map((segment) => segment.toLowerCase());
}

/** The canonical form of a path: a leading slash, single separators, no trailing slash, no query. */
export function normalizePath(path: string | null | undefined): string {
  return `/${pathSegments(path).join('/')}`;
}

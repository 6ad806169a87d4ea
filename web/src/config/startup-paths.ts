/**
 * Which start-up paths prepare which screen's first list: the route table loads a feature's
 * start-up module only on its screen (\`early\`), and the module's work checks again, since once
 * registered it runs at every later start-up of the tab (a login on another page). One rule for
 * both, from the SDK's path rules (query dropped, letter case and trailing slashes ignored, as the
 * router does).
 */
import { normalizePath, pathSegments, topLevelRoute } from '@matchmaker/sdk/rules';
import { PATHS } from './paths';

/** The recommendations, /matches itself (not its sub-screens). */
export function onRecommendationsPage(path: string): boolean {
  return normalizePath(path).toLowerCase() === PATHS.matches;
}

/** The messaging area: Messages, or match-requests, which shows it (SPEC.md section 2). */
export function onRoomsPage(path: string): boolean {
  const area = topLevelRoute(path);
  return area === 'messages' || area === 'match-requests';
}

/**
 * The room a messaging-area path opens (\`/messages/<room>\`), its key as the address has it (ids
 * keep their letter case) and decoded; null for the list, a deeper path or a malformed key.
 */
export function roomOfPath(path: string): string | null {
  const segments = pathSegments(path);
  if (!onRoomsPage(path) || segments.length !== 2 || segments[1] === undefined) return null;
  try {
    return decodeURIComponent(segments[1]);
  } catch {
    return null;
  }
}

/**
 * DESIGN.md's boundaries, checked on the source: no feature imports another, shared code (app,
 * components, lib, state, config) imports no feature, and no component (a .tsx module) reaches
 * the client: components call their feature's actions, plain modules that may. The one place that names features
 * is the route table (`app/routes.ts`), and only by loading an area's screen (`index`), a screen
 * below it that is a chunk of its own (`*-screen`, fetched beside the area's on its paths) or its
 * start-up module (`*-startup`) lazily: that is how the app is put together, not a dependency of
 * shared code on a feature's insides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const SHARED = ['app', 'components', 'lib', 'state', 'config'];
const ROUTE_TABLE = 'app/routes.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

interface Import {
  /** The path of the imported module below src, without its extension (`features/x/y`). */
  target: string;
  /** `import('...')`, as opposed to a static import or re-export. */
  lazy: boolean;
}

/** Every relative import of a module's text: static, side-effect, re-export and `import()`. */
function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  const patterns: [RegExp, boolean][] = [
    [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, false],
    [/\bimport\s*['"]([^'"]+)['"]/g, false],
    [/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, true],
  ];
  for (const [pattern, lazy] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = relative(src, resolve(dirname(file), specifier))
        .split(sep)
        .join('/')
        .replace(/\.(tsx?|css)$/, '');
      found.push({ target, lazy });
    }
  }
  return found;
}

/** `features/<area>/...` -> the area; anything else -> null. */
function featureOf(path: string): string | null {
  const match = /^features\/([^/]+)\//.exec(path);
  return match?.[1] ?? null;
}

/** What breaks the boundaries in one module, as `from -> to` lines. */
function violations(from: string, imports: readonly Import[]): string[] {
  const fromFeature = featureOf(from);
  const top = from.split('/')[0] ?? '';
  return imports.flatMap(({ target, lazy }) => {
    const toFeature = featureOf(target);
    if (toFeature === null) return [];
    if (fromFeature !== null) return fromFeature === toFeature ? [] : [`${from} -> ${target}`];
    if (!SHARED.includes(top)) return [];
    const areaEntry = lazy && /^features\/[^/]+\/(index|[a-z-]+-screen|[a-z-]+-startup)$/.test(target);
    return from === ROUTE_TABLE && areaEntry ? [] : [`${from} -> ${target}`];
  });
}

/** Components reach the API only through actions: a .tsx module importing lib/client is a crossing. */
function clientCalls(from: string, imports: readonly Import[]): string[] {
  if (!from.endsWith('.tsx')) return [];
  return imports.filter(({ target }) => target === 'lib/client').map(() => `${from} -> lib/client`);
}

describe('import boundaries of web/src', () => {
  it('no feature imports another, and shared code imports no feature', () => {
    const found = sourceFiles(src).flatMap((file) => {
      const from = relative(src, file).split(sep).join('/');
      return violations(from, importsOf(file, readFileSync(file, 'utf8')));
    });
    expect(found).toEqual([]);
  });

  it('the check itself sees each kind of crossing', () => {
    const file = join(src, 'features/matches/member-profile.tsx');
    const text = [
      "import { a } from '../profile/profile-fields';",
      "export { b } from '../messages/chat-state';",
      "import '../account/account.css';",
      "const c = import('../notifications/notifications-state');",
      "import { d } from './matches-state';",
      "import { e } from '../../lib/client';",
    ].join('\n');
    expect(violations('features/matches/member-profile.tsx', importsOf(file, text))).toEqual([
      'features/matches/member-profile.tsx -> features/profile/profile-fields',
      'features/matches/member-profile.tsx -> features/messages/chat-state',
      'features/matches/member-profile.tsx -> features/account/account',
      'features/matches/member-profile.tsx -> features/notifications/notifications-state',
    ]);
    const shared = join(src, 'state/session.ts');
    expect(
      violations(
        'state/session.ts',
        importsOf(shared, "import { x } from '../features/messages/outbox-key';"),
      ),
    ).toEqual(['state/session.ts -> features/messages/outbox-key']);
    const routes = join(src, 'app/routes.ts');
    const table = [
      "const a = () => import('../features/messages/index');",
      "const b = () => import('../features/messages/messages-startup');",
      "const c = () => import('../features/messages/live');",
      "import { d } from '../features/messages/index';",
      "const e = () => import('../features/messages/room-screen');",
      "import { f } from '../features/messages/room-screen';",
    ].join('\n');
    expect(violations('app/routes.ts', importsOf(routes, table))).toEqual([
      'app/routes.ts -> features/messages/index',
      'app/routes.ts -> features/messages/room-screen',
      'app/routes.ts -> features/messages/live',
    ]);
  });

  it('no component imports the client', () => {
    const found = sourceFiles(src).flatMap((file) => {
      const from = relative(src, file).split(sep).join('/');
      return clientCalls(from, importsOf(file, readFileSync(file, 'utf8')));
    });
    expect(found).toEqual([]);
  });

  it('the client check sees a component that imports it, and lets an action module do so', () => {
    const text = "import { getClient } from '../../lib/client';";
    const page = join(src, 'features/profile/photos-page.tsx');
    expect(clientCalls('features/profile/photos-page.tsx', importsOf(page, text))).toEqual([
      'features/profile/photos-page.tsx -> lib/client',
    ]);
    const actions = join(src, 'features/profile/profile-state.ts');
    expect(clientCalls('features/profile/profile-state.ts', importsOf(actions, text))).toEqual([]);
  });
});

/**
 * The size check of issue 13:
 * - the JavaScript first loaded for /account/login (the entry, the account area's chunk, and
 *   everything they import statically) must stay within 100 KB gzip;
 * - no back-office module (src/features/admin) may sit in a chunk a member can load: the entry,
 *   every member area, and everything those import statically or dynamically, except the admin
 *   area's own chunk, the chunk of the back office's start-up module (loaded only on a back-office
 *   page or once user info says an admin is signed in: app/routes.ts FEATURE_STARTUPS; it is the
 *   back office's own chunk, scripts/chunk-groups.ts) and what only they import. Only the route
 *   table's imports of those two are left out of the walk, so any other way in fails.
 * - socket.io-client and engine.io sit in no chunk the SDK client's chunk imports statically: they
 *   load when a realtime channel first opens (sdk/src/realtime/channel.ts), so a signed-in page's
 *   first request (user info) does not wait for them.
 * It reads Vite's manifest and dist/.vite/chunk-modules.json (written by vite.config.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_BUDGET_BYTES = 100 * 1024;
const ADMIN_SOURCE = 'src/features/admin/';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const chunkModules = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8'));

function entryKey() {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('size-check: the manifest has no entry');
  return key;
}

function areaKey(area) {
  const key = `src/features/${area}/index.tsx`;
  if (!manifest[key]) throw new Error(`size-check: no chunk for ${key} in the manifest`);
  return key;
}

/**
 * Manifest keys reachable from `roots` through static imports (and dynamic ones when asked),
 * leaving out the imports `skip(from, to)` names.
 */
function reach(roots, { dynamic, skip = () => false }) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    const next = [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])];
    stack.push(...next.filter((to) => !skip(key, to)));
  }
  return seen;
}

/** The manifest key of the chunk a source module is in (its own, or the group's that took it). */
function keyOfModule(id) {
  const file = Object.keys(chunkModules).find((chunk) => id in chunkModules[chunk]);
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`size-check: no chunk for ${id} in the manifest`);
  return key;
}

const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** `node_modules/.pnpm/x/node_modules/react-dom/cjs/...` -> `react-dom`; `src/app/x.tsx` -> `src/app`. */
function sourceOf(id) {
  const npm = id.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (npm) return npm[1];
  return id.replace(/^(\.\.\/)+/, '').replace(/\/[^/]+$/, '');
}

/** The rendered bytes of the files' modules, summed by package or source folder, largest first. */
function breakdown(files) {
  const totals = new Map();
  for (const file of files) {
    for (const [id, length] of Object.entries(chunkModules[file] ?? {})) {
      const source = sourceOf(id);
      totals.set(source, (totals.get(source) ?? 0) + length);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const failures = [];

// 1. First load of /account/login.
const loginKeys = reach([entryKey(), areaKey('account')], { dynamic: false });
const loginFiles = [...loginKeys].map((key) => manifest[key].file);
const loginBytes = loginFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`JS first loaded for /account/login: ${kb(loginBytes)} gzip (budget ${kb(LOGIN_BUDGET_BYTES)})`);
for (const file of loginFiles.sort()) console.log(`  ${file.padEnd(44)} ${kb(gzipBytes(file))}`);
console.log('  what is in it, by package or source folder (bytes as bundled, before minifying and gzip):');
for (const [source, bytes] of breakdown(loginFiles).slice(0, 12))
  console.log(`    ${source.padEnd(42)} ${kb(bytes)}`);
if (loginBytes > LOGIN_BUDGET_BYTES)
  failures.push(`/account/login loads ${kb(loginBytes)} gzip, over the ${kb(LOGIN_BUDGET_BYTES)} budget`);

// 2. No back-office code in a member's chunks.
const adminArea = areaKey('admin');
// Its own chunk, or the back office's (scripts/chunk-groups.ts).
const adminStartup = keyOfModule('src/features/admin/admin-startup.ts');
const entry = entryKey();
// The route table's two doors into the back office are the only imports the walk does not follow:
// any other way from a member's chunk into a chunk of back-office code is found and fails.
const memberKeys = reach([entry], {
  dynamic: true,
  skip: (from, to) => from === entry && (to === adminArea || to === adminStartup),
});
// What the admin area imports but a member path also reaches stays in memberKeys; chunks only the
// admin area reaches are left out because the walk never enters the admin chunk.
let memberChunks = 0;
for (const key of memberKeys) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  memberChunks++;
  const modules = Object.keys(chunkModules[file] ?? {});
  const leaked = modules.filter((id) => id.startsWith(ADMIN_SOURCE));
  if (leaked.length > 0) failures.push(`back-office code in member chunk ${file}: ${leaked.join(', ')}`);
}
console.log(
  `Member chunks checked for back-office code: ${memberChunks} (admin area chunk: ${manifest[adminArea].file})`,
);

// 3. The realtime library off the client's first load.
// The client's module shares a chunk with what signed-in pages load with it (vite.config.ts's
// groups), so the manifest may know that chunk by its own name: look it up by the module inside.
const CLIENT_FACTORY = 'src/lib/client-factory.ts';
const clientKey = keyOfModule(CLIENT_FACTORY);
const SOCKET_PACKAGES =
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser)\//;
const clientFiles = [...reach([clientKey], { dynamic: false })].map((key) => manifest[key].file);
for (const file of clientFiles) {
  const sockets = Object.keys(chunkModules[file] ?? {}).filter((id) => SOCKET_PACKAGES.test(id));
  if (sockets.length > 0)
    failures.push(
      `socket.io in ${file}, which the client's chunk loads statically (${sockets.length} modules)`,
    );
}
console.log(
  `The client's first load (${clientFiles.length} files): ${kb(clientFiles.reduce((sum, file) => sum + gzipBytes(file), 0))} gzip (socket.io loads when a channel opens)`,
);

if (failures.length > 0) {
  for (const failure of failures) console.error(`size check FAILED: ${failure}`);
  process.exit(1);
}
console.log('size check passed');

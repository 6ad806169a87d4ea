/**
 * Lazily loaded screens. A chunk that fails to load (a deploy replaced it, the network dropped,
 * a proxy answered HTML with the wrong content type) reloads the page once to pick up the current
 * build, as SPEC.md section 8 asks. A marker in sessionStorage makes it once: if the reloaded
 * page fails too, the error reaches the area's error boundary instead of looping.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { startLoading } from '../state/ui';

const RELOAD_MARK = 'matchmaker.chunk-reload';

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|MIME type|Unexpected token|is not a valid JavaScript MIME type/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
}

const browserEnv = (): ReloadEnv => ({
  storage: safeSessionStorage(),
  reload: () => window.location.reload(),
});

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Decides what a failed chunk load does: reload (and remember it) the first time, rethrow after.
 * Returns true when a reload was started.
 */
export function reloadOnceForChunkError(error: unknown, env: ReloadEnv = browserEnv()): boolean {
  if (!isChunkLoadError(error) || !env.storage) return false;
  if (env.storage.getItem(RELOAD_MARK) !== null) return false;
  env.storage.setItem(RELOAD_MARK, String(Date.now()));
  env.reload();
  return true;
}

/** A loaded chunk proves the build is current; a later failure may reload again. */
export function clearChunkReloadMark(env: ReloadEnv = browserEnv()): void {
  env.storage?.removeItem(RELOAD_MARK);
}

type ScreenModule<P> = { default: ComponentType<P> };

/** A lazily loaded screen, and the way to fetch its chunk ahead of rendering it. */
export type LazyScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the screen's module; once it is here, the screen renders without suspending. */
  readonly preload: () => Promise<ScreenModule<P>>;
};

/**
 * React.lazy with the progress bar and the reload-once rule. A screen whose module is already
 * here (fetched ahead with `preload`) renders at once: React.lazy suspends on a first render even
 * then (a promise settles a moment later), which shows the fallback, and React holds content back
 * for up to 300 ms after a fallback (its Suspense throttle). That was most of the time between a
 * member page's data and its first paint (issue 24).
 */
export function lazyScreen<P extends object>(load: () => Promise<ScreenModule<P>>): LazyScreen<P> {
  let loaded: ScreenModule<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const screen = lazy(() => {
    if (loaded) {
      const module = loaded;
      // React.lazy calls `then` and, when it settles at once, renders without suspending; a
      // promise cannot settle at once, hence this thenable.
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (see above)
      return { then: (resolve: (value: ScreenModule<P>) => void) => resolve(module) } as unknown as Promise<
        ScreenModule<P>
      >;
    }
    return loadWithProgress(preload);
  });
  return Object.assign(screen, { preload });
}

async function loadWithProgress<M>(load: () => Promise<M>): Promise<M> {
  const done = startLoading();
  try {
    const module = await load();
    clearChunkReloadMark();
    return module;
  } catch (error) {
    // Never settle while the page reloads, so nothing flashes an error in between.
    if (reloadOnceForChunkError(error)) return new Promise<never>(() => {});
    throw error;
  } finally {
    done();
  }
}

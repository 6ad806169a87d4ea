/**
 * Lazily loaded screens, and the lazily loaded parts of the shell a page works without.
 *
 * A screen's chunk that fails to load (a deploy replaced it, the network dropped, a proxy
 * answered HTML with the wrong content type) reloads the page once to pick up the current build,
 * as SPEC.md section 8 asks. A marker in sessionStorage makes it once: if the reloaded page fails
 * too, the error reaches the area's error boundary instead of looping. Not while the browser is
 * offline: the reload would replace the app with the browser's own offline page.
 *
 * A part (the toasts, the location check) that fails to load shows nothing and is tried again
 * later; it never takes the page down with it.
 */
import { type ComponentType, createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { startLoading } from '../state/ui';
import { isChunkLoadError } from './chunk-error';
import { afterFirstFrame } from './idle';
import { loadOnce } from './load-once';
import { reportError } from './report';
import { retryLoad } from './retry-load';

const RELOAD_MARK = 'matchmaker.chunk-reload';

interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
  /** Whether the browser believes it is online (`navigator.onLine`). */
  online: () => boolean;
}

const browserEnv = (): ReloadEnv => ({
  storage: safeSessionStorage(),
  reload: () => window.location.reload(),
  online: () => navigator.onLine,
});

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Decides what a failed chunk load does: reload (and remember it) the first time, rethrow after;
 * never while offline. Returns true when a reload was started.
 */
export function reloadOnceForChunkError(error: unknown, env: ReloadEnv = browserEnv()): boolean {
  if (!isChunkLoadError(error) || !env.storage || !env.online()) return false;
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
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Fetches the screen's module; once it is here, the screen renders at once. */
  readonly preload: () => Promise<ScreenModule<P>>;
};

/** What a lazily loaded screen shows in its place while its chunk is on its way. */
const Waiting = createContext<ReactNode>(null);

/**
 * Sets what the lazily loaded screens below show in their place while their chunk is on its way
 * (the nearest one counts, as a Suspense boundary's fallback would).
 */
export function ScreenFallback({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return <Waiting.Provider value={fallback}>{children}</Waiting.Provider>;
}

/**
 * A screen whose module is loaded when it is first rendered (or ahead, with `preload`), with the
 * progress bar and the reload-once rule. Until the module is here the screen shows its place's
 * `ScreenFallback`; a screen whose module is here renders at once. A failed load is thrown where
 * the screen renders, for the area's error boundary.
 *
 * Not React.lazy under Suspense: a boundary revealed by its promise settling is revealed in a
 * retry, and React holds a retry back until 300 ms after any boundary last showed or hid its
 * fallback (its Suspense throttle). On a member page loaded on its address the page's frame
 * showed as the area's fallback, its chunk arrived a moment later, and the area then waited out
 * the rest of the 300 ms (issue 24). Here the module's arrival is an ordinary state update.
 */
export function lazyScreen<P extends object>(load: () => Promise<ScreenModule<P>>): LazyScreen<P> {
  let loaded: ScreenModule<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level, as React.lazy makes its component.
  function Screen(props: P) {
    const fallback = useContext(Waiting);
    const [module, setModule] = useState<ScreenModule<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (module) return;
      if (loaded) {
        setModule(loaded);
        return;
      }
      let live = true;
      // After the page's first frame: a page loaded on this screen shows its place's fallback (an
      // account page's frame: its heading and lead, its largest paint) first. A screen fetched
      // ahead (`preload`: a signed-in page's area) is on its way already.
      afterFirstFrame()
        .then(() => loadWithProgress(preload))
        .then(
          (arrived) => {
            if (live) setModule(arrived);
          },
          (error: unknown) => {
            if (live) setFailure({ error });
          },
        );
      return () => {
        live = false;
      };
    }, [module]);
    if (failure) throw failure.error;
    if (!module) return fallback;
    const Loaded = module.default;
    return <Loaded {...props} />;
  }
  return Object.assign(Screen, { preload });
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

/**
 * A part of the shell loaded when it is first rendered, that the page works without (the toasts,
 * the location check). Until its module is here it renders nothing. A failed load is fetched
 * again as lib/retry-load.ts says (once back online, or after a moment), and reported when given
 * up. Unlike a screen, it never throws where it renders (React.lazy would, and with no boundary
 * around the shell the whole page went blank) and never reloads the page.
 */
export function lazyPart<P extends object>(load: () => Promise<ScreenModule<P>>): ComponentType<P> {
  let loaded: ScreenModule<P> | null = null;
  const fetchModule = loadOnce(() =>
    load().then((module) => {
      loaded = module;
      return module;
    }),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as React.lazy makes its component.
  function Part(props: P) {
    const [module, setModule] = useState<ScreenModule<P> | null>(() => loaded);
    useEffect(() => {
      if (module) return;
      let live = true;
      let stopRetries = () => {};
      fetchModule().then(
        (arrived) => {
          if (live) setModule(arrived);
        },
        (error: unknown) => {
          if (live) stopRetries = retryLoad(error, fetchModule, { loaded: setModule, givenUp: reportError });
        },
      );
      return () => {
        live = false;
        stopRetries();
      };
    }, [module]);
    if (!module) return null;
    const Loaded = module.default;
    return <Loaded {...props} />;
  }
  return Part;
}

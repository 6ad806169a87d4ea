/** The shell: header, guarded areas (each lazily loaded, each with its error boundary), modals. */

import { routeArea } from '@matchmaker/sdk/rules';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/index';
import { lazyPart, ScreenFallback } from '../lib/lazy';
import { onFirstToast } from '../lib/toast';
import { sessionState } from '../state/session';
import { AreaBoundary } from './area-boundary';
import { whenScreenShown } from './first-screen';
import { Guard } from './guard';
import { Header } from './header';
import { PageFrameAt } from './page-frame';
import { DefaultPageMeta } from './page-meta';
import { ProgressBar } from './progress-bar';
import { AREA_ROUTES } from './routes';
import { ScrollRestoration } from './scroll-restoration';

// Members only, and it needs the SDK's location flow: its own chunk, loaded once the first screen
// is shown (its check and its dialog come after the page the member came for).
const LocationModal = lazyPart(() => import('./location-modal'));
// The toast library is not needed to show a page: it loads once the first screen is shown, or
// with the first toast if that comes sooner.
const Toasts = lazyPart(() => import('./toasts'));

/** The path the page was loaded on. */
const LOADED_ON = window.location.pathname;

/**
 * Whether the app is still on the page it was loaded on: false from the first navigation away,
 * for good (coming back to the same address is a navigation: focus moves to its heading).
 */
function useStillOnLoadedPage(path: string): boolean {
  // Information from earlier renders, kept as React keeps it: state set while rendering, which
  // React applies before anything is committed (a ref written here would survive a discarded
  // render). Any change of path counts, a guard's replace too: ScrollRestoration moves focus then.
  const [left, setLeft] = useState(false);
  if (!left && path !== LOADED_ON) setLeft(true);
  return !left && path === LOADED_ON;
}

/** Whether the page's first screen has been shown (and stays so for the life of the page). */
function useScreenShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void whenScreenShown().then(() => {
      if (mounted) setShown(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}

/** Whether <Toasts/> is wanted: once the screen is shown, or a toast has been raised before. */
function useToastsWanted(shown: boolean): boolean {
  const [raised, setRaised] = useState(false);
  useEffect(() => onFirstToast(() => setRaised(true)), []);
  return shown || raised;
}

export function App() {
  const [path] = useLocation();
  const { status } = useSnapshot(sessionState);
  const shown = useScreenShown();
  const toasts = useToastsWanted(shown);
  // The page loaded on a member or admin path keeps the frame the guard showed while start-up ran
  // if its area's chunk is still loading when user info answers, rather than a spinner in its
  // place; one loaded on an account screen (register, login) shows its frame while the area's
  // chunks load, so its heading and lead paint with the shell. Not after a navigation: focus
  // moves to the new page's heading, which must be the page's.
  const area = routeArea(path);
  const loadedHere = useStillOnLoadedPage(path);
  const fallback =
    loadedHere && (area === 'member' || area === 'admin') ? (
      <PageFrameAt path={path} label="Loading your account" />
    ) : loadedHere && area === 'account' ? (
      <PageFrameAt path={path} label="Loading the form" />
    ) : (
      <Spinner />
    );
  return (
    <>
      <ScrollRestoration />
      <DefaultPageMeta />
      <ProgressBar />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header>{toasts ? <Toasts /> : null}</Header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Guard>
          <Switch>
            {AREA_ROUTES.map(({ name, path: areaPath, screen: Screen }) => (
              <Route key={name} path={areaPath} nest>
                <AreaBoundary area={name} resetKey={path}>
                  <ScreenFallback fallback={fallback}>
                    <Screen />
                  </ScreenFallback>
                </AreaBoundary>
              </Route>
            ))}
          </Switch>
        </Guard>
      </main>
      <footer className="site-footer">
        <p>© Matchmaker. Traditional matchmaking for people of faith.</p>
      </footer>
      {shown && status === 'member' ? <LocationModal /> : null}
    </>
  );
}

/** The shell: header, guarded areas (each lazily loaded, each with its error boundary), modals. */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/index';
import { sessionState } from '../state/session';
import { AreaBoundary } from './area-boundary';
import { Guard } from './guard';
import { Header } from './header';
import { DefaultPageMeta } from './page-meta';
import { ProgressBar } from './progress-bar';
import { AREA_ROUTES } from './routes';
import { ScrollRestoration } from './scroll-restoration';

// Members only, and it needs the SDK's location flow: its own chunk, loaded after start-up.
const LocationModal = lazy(() => import('./location-modal'));
// The toast library is not needed to show a page; it loads right after.
const Toasts = lazy(() => import('./toasts'));

export function App() {
  const [path] = useLocation();
  const { status } = useSnapshot(sessionState);
  return (
    <>
      <ScrollRestoration />
      <DefaultPageMeta />
      <ProgressBar />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Guard>
          <Switch>
            {AREA_ROUTES.map(({ name, path: areaPath, screen: Screen }) => (
              <Route key={name} path={areaPath} nest>
                <AreaBoundary area={name} resetKey={path}>
                  <Suspense fallback={<Spinner />}>
                    <Screen />
                  </Suspense>
                </AreaBoundary>
              </Route>
            ))}
          </Switch>
        </Guard>
      </main>
      <footer className="site-footer">
        <p>© Matchmaker. Traditional matchmaking for people of faith.</p>
      </footer>
      {status === 'member' ? (
        <Suspense fallback={null}>
          <LocationModal />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </>
  );
}

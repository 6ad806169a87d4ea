// First: it must run before any other module of the app (zod without eval, the Trusted Types policy).
import './lib/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { onceSignedInScreenInteractive, whenScreenInteractive, whenScreenShown } from './app/first-screen';
import { FEATURE_STARTUPS, preloadSignedInArea } from './app/routes';
import { loadConfig } from './config/config';
import { ConfigError } from './config/config-error';
import { scheduleErrorReporting } from './lib/error-reporting';
import { installEarlyCapture, reportError } from './lib/report';
import { startSession } from './state/session';
import { startLoading } from './state/ui';
import './styles/index.css';

installEarlyCapture();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** No React here: the configuration (or its loading) is what is broken, so say so plainly. */
function showStartupError(message: string, container: HTMLElement) {
  const box = document.createElement('pre');
  box.className = 'config-error';
  box.setAttribute('role', 'alert');
  box.textContent = message;
  container.replaceChildren(box);
}

// The configuration is parsed before anything acts on it (a bad one replaces the page before it
// renders). A signed-in member's or admin's area chunk is fetched beside start-up rather than
// after it: the guard renders the area only once start-up knows who is signed in.
const configured = loadConfig();
configured.then(() => preloadSignedInArea(window.location.pathname)).catch(() => {});
const rootLoaded = startLoading();
const reactRoot = createRoot(root);
reactRoot.render(
  <StrictMode>
    <App />
  </StrictMode>,
);
configured.then(
  (appConfig) => {
    startSession({ startups: FEATURE_STARTUPS, screenShown: whenScreenShown })
      .catch(reportError)
      .finally(rootLoaded);
    // Error reporting loads off the first screen's path; errors before it are queued by report.ts.
    scheduleErrorReporting(appConfig.sentry, {
      screenInteractive: whenScreenInteractive,
      onceSignedInScreenInteractive,
    });
  },
  (error: unknown) => {
    rootLoaded();
    reactRoot.unmount();
    if (error instanceof ConfigError) {
      console.error(error.message);
      showStartupError(error.message, root);
    } else {
      reportError(error);
      showStartupError('Matchmaker could not start. Please reload the page.', root);
    }
  },
);

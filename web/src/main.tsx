import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { onceSignedInScreenInteractive, whenScreenInteractive } from './app/first-screen';
import { FEATURE_STARTUPS } from './app/routes';
import { loadConfig } from './config/config';
import { ConfigError } from './config/config-error';
import { scheduleErrorReporting } from './lib/error-reporting';
import { reloadOnceForChunkError } from './lib/lazy';
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

// The page paints at once; the configuration's parser loads meanwhile. Member and admin areas
// wait for start-up (which needs it), so nothing acts on an unparsed configuration.
const rootLoaded = startLoading();
const reactRoot = createRoot(root);
reactRoot.render(
  <StrictMode>
    <App />
  </StrictMode>,
);
loadConfig().then(
  (appConfig) => {
    startSession(FEATURE_STARTUPS).catch(reportError).finally(rootLoaded);
    // Error reporting loads off the first screen's path; errors before it are queued by report.ts.
    scheduleErrorReporting(appConfig.sentry, {
      screenInteractive: whenScreenInteractive,
      onceSignedInScreenInteractive,
    });
  },
  (error: unknown) => {
    // The parser's chunk failed to load: reload once for the current build, as for any chunk.
    if (reloadOnceForChunkError(error)) return;
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

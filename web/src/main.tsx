import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadConfig } from './config/config';
import { ConfigError } from './config/env';
import { installEarlyCapture, reportError } from './lib/report';
import { startSession } from './state/session';
import { startLoading } from './state/ui';
import './styles/index.css';

installEarlyCapture();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

try {
  const appConfig = loadConfig();
  const rootLoaded = startLoading();
  startSession().catch(reportError).finally(rootLoaded);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Error reporting loads after the first paint; errors before it are queued by report.ts.
  requestAnimationFrame(() =>
    setTimeout(() => {
      import('./lib/sentry')
        .then(({ startErrorReporting }) => startErrorReporting(appConfig.sentry))
        .catch((error: unknown) => console.error('Error reporting could not start', error));
    }, 0),
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // No React here: the configuration is what is broken, so say so plainly.
  console.error(error.message);
  const box = document.createElement('pre');
  box.className = 'config-error';
  box.setAttribute('role', 'alert');
  box.textContent = error.message;
  root.replaceChildren(box);
}

/**
 * When the first screen is interactive: start-up has settled (signed in or not), every chunk the
 * screen needs has loaded (the progress bar is gone) and the browser then has a moment to spare.
 * Error reporting and Replay load at these moments, off the path of the first screen.
 */
import { subscribe } from 'valtio';
import { type SessionStatus, sessionState } from '../state/session';
import { uiState } from '../state/ui';

/** The longest wait for an idle moment after the screen has settled. */
const IDLE_TIMEOUT_MS = 3_000;

function settled(): boolean {
  return sessionState.status !== 'starting' && uiState.loading === 0;
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}

/** Runs `run` once start-up and every chunk in flight have settled (at once if they have). */
function whenSettled(run: () => void): void {
  if (settled()) {
    run();
    return;
  }
  const stops: (() => void)[] = [];
  const check = () => {
    if (stops.length === 0 || !settled()) return;
    for (const stop of stops.splice(0)) stop();
    run();
  };
  stops.push(subscribe(sessionState, check), subscribe(uiState, check));
}

/**
 * Resolves once the screen has settled and the browser is idle. Settled is checked again after
 * the idle wait: a sign-in settles for a moment before it navigates to the area, whose chunk
 * then loads.
 */
export function whenScreenInteractive(): Promise<void> {
  return new Promise((resolve) => {
    const attempt = () => whenSettled(() => whenIdle(() => (settled() ? resolve() : attempt())));
    attempt();
  });
}

const SIGNED_IN: readonly SessionStatus[] = ['member', 'admin'];

/** Runs `listener` once, when a member's or admin's first screen is interactive. */
export function onceSignedInScreenInteractive(listener: () => void): void {
  const signedIn = () => SIGNED_IN.includes(sessionState.status);
  if (signedIn()) {
    void whenScreenInteractive().then(listener);
    return;
  }
  const stop = subscribe(sessionState, () => {
    if (!signedIn()) return;
    stop();
    void whenScreenInteractive().then(listener);
  });
}

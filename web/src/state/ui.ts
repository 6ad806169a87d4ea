/**
 * App-wide UI state (SPEC.md section 4, "Root"): the loading flag that drives the progress bar and
 * the flag that shows the location modal.
 */
import { proxy } from 'valtio';

export type LocationModalState = 'hidden' | 'prompt' | 'working' | 'denied';

export interface UiState {
  /** Lazily loaded screens and start-up in flight; the progress bar shows while above zero. */
  loading: number;
  locationModal: LocationModalState;
  /** The /matches visit of this session has asked for the location already. */
  locationAskedOnMatches: boolean;
  /** The location was accepted in this session; no need to ask again. */
  locationAccepted: boolean;
  /** Counts the times the modal was asked to show: each ask checks the browser's permission anew. */
  locationAsk: number;
}

export const uiState = proxy<UiState>({
  loading: 0,
  locationModal: 'hidden',
  locationAskedOnMatches: false,
  locationAccepted: false,
  locationAsk: 0,
});

/** Marks work that should show the progress bar; call the returned function when it is done. */
export function startLoading(): () => void {
  uiState.loading++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    uiState.loading = Math.max(0, uiState.loading - 1);
  };
}

/** A member's session began (start-up or login): the location modal shows at start. */
export function beginMemberSession(): void {
  uiState.locationAskedOnMatches = false;
  uiState.locationAccepted = false;
  askForLocation();
}

function askForLocation(): void {
  uiState.locationAsk++;
  uiState.locationModal = 'prompt';
}

/** A member opened /matches: ask for the location once per session unless it was accepted. */
export function visitMatches(): void {
  if (uiState.locationAskedOnMatches) return;
  uiState.locationAskedOnMatches = true;
  if (!uiState.locationAccepted && uiState.locationModal === 'hidden') askForLocation();
}

let askWhenOnline: (() => void) | null = null;

/**
 * The location check got no answer (no connection): whether the location is known cannot be told,
 * so nothing is shown, and the check is asked for again once the browser is back online.
 */
export function deferLocationUntilOnline(): void {
  uiState.locationModal = 'hidden';
  if (askWhenOnline || typeof window === 'undefined') return;
  const ask = () => {
    askWhenOnline = null;
    if (!uiState.locationAccepted && uiState.locationModal === 'hidden') askForLocation();
  };
  askWhenOnline = ask;
  window.addEventListener('online', ask, { once: true });
}

function forgetDeferredAsk(): void {
  if (askWhenOnline) window.removeEventListener('online', askWhenOnline);
  askWhenOnline = null;
}

export function setLocationModal(next: LocationModalState): void {
  uiState.locationModal = next;
  if (next === 'hidden') uiState.locationAccepted = true;
}

export function resetUi(): void {
  forgetDeferredAsk();
  uiState.locationModal = 'hidden';
  uiState.locationAskedOnMatches = false;
  uiState.locationAccepted = false;
}

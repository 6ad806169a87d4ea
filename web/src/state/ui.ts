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
}

export const uiState = proxy<UiState>({
  loading: 0,
  locationModal: 'hidden',
  locationAskedOnMatches: false,
  locationAccepted: false,
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
  uiState.locationModal = 'prompt';
}

/** A member opened /matches: ask for the location once per session unless it was accepted. */
export function visitMatches(): void {
  if (uiState.locationAskedOnMatches) return;
  uiState.locationAskedOnMatches = true;
  if (!uiState.locationAccepted && uiState.locationModal === 'hidden') uiState.locationModal = 'prompt';
}

export function setLocationModal(next: LocationModalState): void {
  uiState.locationModal = next;
  if (next === 'hidden') uiState.locationAccepted = true;
}

export function resetUi(): void {
  uiState.locationModal = 'hidden';
  uiState.locationAskedOnMatches = false;
  uiState.locationAccepted = false;
}

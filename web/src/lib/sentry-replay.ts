import { replayIntegration } from '@sentry/browser';

/** Session recording with text masked and media blocked: members' conversations stay private. */
export function replay() {
  return replayIntegration({ maskAllText: true, blockAllMedia: true, maskAllInputs: true });
}

/**
 * The back office's own preferences (valtio). Kept in localStorage so a reviewer's choice
 * survives a reload; logout clears storage and this state (SPEC.md section 4).
 */
import { proxy } from 'valtio';
import { onSessionEnd } from '../../../state/session-end';

const KEY = 'matchmaker.admin.shortcuts';

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export const adminPrefs = proxy({ shortcuts: stored() });

export function setShortcuts(enabled: boolean): void {
  adminPrefs.shortcuts = enabled;
  try {
    window.localStorage.setItem(KEY, enabled ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

onSessionEnd(() => {
  adminPrefs.shortcuts = true;
});

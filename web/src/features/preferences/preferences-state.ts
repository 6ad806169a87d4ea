/**
 * The member's stored settings, as the settings calls answer them. Only the actions below write
 * here; logout clears it (onSessionEnd).
 */
import type { Settings, SettingsAnswer } from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { onSessionEnd } from '../../state/session-end';

type Stored<T extends object> = T & { $$valtioSnapshot: T };

export interface PreferencesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  settings: Stored<SettingsAnswer> | null;
}

const initial = (): PreferencesState => ({ status: 'idle', error: null, settings: null });

export const preferencesState = proxy<PreferencesState>(initial());

let generation = 0;

export function resetPreferences(): void {
  generation += 1;
  Object.assign(preferencesState, initial());
}
onSessionEnd(resetPreferences);

export async function loadSettings(): Promise<void> {
  const mine = generation;
  preferencesState.status = 'loading';
  preferencesState.error = null;
  try {
    const settings = await getClient().settings.get();
    if (mine !== generation) return;
    preferencesState.settings = ref(settings);
    preferencesState.status = 'ready';
  } catch (error) {
    if (mine !== generation) return;
    reportError(error);
    preferencesState.error = describeError(error, 'Your settings could not be loaded.');
    preferencesState.status = 'error';
  }
}

/**
 * Saves the settings: `create` for a member who still reads the defaults, `update` after that.
 * Resolves the stored settings; rejects with the SDK's error and leaves the state as it was.
 */
export async function saveSettings(changes: Settings): Promise<SettingsAnswer> {
  const mine = generation;
  const client = getClient();
  const saved =
    preferencesState.settings?.created === false
      ? await client.settings.create(changes)
      : await client.settings.update(changes);
  if (mine === generation) preferencesState.settings = ref(saved);
  return saved;
}

/**
 * The member's stored settings, as the settings calls answer them, and the preferences' account
 * calls (email, username, password, closing the account). Only the actions below write here;
 * logout clears it (onSessionEnd).
 */
import type { User } from '@matchmaker/sdk';
import type { Settings, SettingsAnswer } from '@matchmaker/sdk/schemas';
import { proxy } from 'valtio';
import { getClient } from '../../lib/client';
import { reportError } from '../../lib/report';
import { idle, load, type Remote, resetRemote, sessionGuard, stored } from '../../state/remote';
import { logOut, replaceUser } from '../../state/session';
import { onSessionEnd } from '../../state/session-end';

export interface PreferencesState {
  settings: Remote<SettingsAnswer>;
}

export const preferencesState = proxy<PreferencesState>({ settings: idle() });

onSessionEnd(() => resetRemote(preferencesState.settings));

export function loadSettings(): Promise<SettingsAnswer | null> {
  return load(preferencesState.settings, () => getClient().settings.get(), {
    failure: 'Your settings could not be loaded.',
  });
}

/**
 * Saves the settings: `create` for a member who still reads the defaults, `update` after that.
 * Resolves the stored settings; rejects with the SDK's error and leaves the state as it was.
 */
export async function saveSettings(changes: Settings): Promise<SettingsAnswer> {
  const current = sessionGuard();
  const client = getClient();
  const saved =
    preferencesState.settings.data?.created === false
      ? await client.settings.create(changes)
      : await client.settings.update(changes);
  if (current()) preferencesState.settings.data = stored(saved);
  return saved;
}

export async function requestEmailChange(input: { new_email: string; password: string }): Promise<void> {
  await getClient().accounts.initiateEmailChange(input);
}

export async function requestUsernameChange(username: string): Promise<void> {
  await getClient().accounts.initiateUsernameChange({ username });
}

export async function changePassword(input: { old_password: string; new_password: string }): Promise<void> {
  await getClient().accounts.changePassword(input);
}

/** Re-reads the user after a change made from an emailed link, so the header shows it at once. */
async function refreshUser(): Promise<void> {
  try {
    const user: User = await getClient().accounts.userInfo();
    replaceUser(user);
  } catch (error) {
    // The change is done; the header catches up at the next start-up.
    reportError(error);
  }
}

/** Completes an email change from its link; resolves the address now in use. */
export async function confirmEmailChange(value: string, token: string): Promise<string> {
  const answer = await getClient().accounts.changeEmail({ new_email: value, token });
  await refreshUser();
  return answer.email ?? value;
}

/** Completes a username change from its link; resolves the username now in use. */
export async function confirmUsernameChange(value: string, token: string): Promise<string> {
  const answer = await getClient().accounts.changeUsername({ username: value, token });
  await refreshUser();
  return answer.username ?? value;
}

/** Deactivates, or starts deleting, the account; then the member's session ends. */
export async function closeAccount(how: 'deactivate' | { deleteUser: string }): Promise<void> {
  const accounts = getClient().accounts;
  if (how === 'deactivate') await accounts.deactivate();
  else await accounts.initiateAccountDeletion(how.deleteUser);
}

export function endSessionAfterClosure(): void {
  logOut().catch(reportError);
}

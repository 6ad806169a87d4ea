/** /api/usermgmt/v2/settings: a member without stored settings reads the defaults. */

import type { World } from '../core/world';
import { DEFAULT_SETTINGS } from '../state/defaults';
import type { SettingsRecord, UserRecord } from '../state/types';
import type { HandlerMap } from './types';

function view(world: World, user: UserRecord) {
  const stored = world.store.settingsOf(user.keycloakId);
  return { user_id: user.keycloakId, ...(stored ?? DEFAULT_SETTINGS), created: stored !== undefined };
}

/** Keeps only the keys that were sent; `null` for the interval means "back to the default". */
function merge(
  current: SettingsRecord,
  changes: Partial<Record<keyof SettingsRecord, unknown>>,
): SettingsRecord {
  const next = { ...current };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof SettingsRecord)[]) {
    const value = changes[key];
    if (value === undefined) continue;
    if (key === 'notification_interval')
      next.notification_interval = value === null ? DEFAULT_SETTINGS.notification_interval : String(value);
    else next[key] = value === true;
  }
  return next;
}

export const settingsHandlers: HandlerMap<'settings'> = {
  'settings.get': ({ world, user }) => view(world, user),
  'settings.create': ({ world, user, body }) => {
    world.store.data.settings[user.keycloakId] = merge(
      world.store.settingsOf(user.keycloakId) ?? DEFAULT_SETTINGS,
      body,
    );
    return view(world, user);
  },
  'settings.update': ({ world, user, body }) => {
    world.store.data.settings[user.keycloakId] = merge(
      world.store.settingsOf(user.keycloakId) ?? DEFAULT_SETTINGS,
      body,
    );
    return view(world, user);
  },
};

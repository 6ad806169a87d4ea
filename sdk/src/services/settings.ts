import type { CallOptions } from '../endpoints/define';
import { settingsEndpoints as e } from '../endpoints/settings';
import type { SettingsInput } from '../schemas/settings';
import type { ServiceContext } from './context';

/** Member settings of /api/usermgmt/v2/settings. */
export function createSettingsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Reads the settings of the logged-in member. */
    get: (options?: CallOptions) => transport.call(e.get, {}, options),

    /** Creates the settings of the logged-in member. */
    create: (body: SettingsInput, options?: CallOptions) => transport.call(e.create, { body }, options),

    /** Updates the settings of the logged-in member; only the fields sent are meant to change. */
    update: (body: SettingsInput, options?: CallOptions) => transport.call(e.update, { body }, options),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

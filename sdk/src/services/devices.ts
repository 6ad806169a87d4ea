import type { CallOptions } from '../endpoints/define';
import { devicesEndpoints as e } from '../endpoints/devices';
import type { DeviceInput } from '../schemas/device';
import type { ServiceContext } from './context';

/** Devices of /api/usermgmt/v2/devices. */
export function createDevicesService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Registers the browser as a device; retried on 5xx (5 times, 5 s apart). */
    register: (body: DeviceInput, options?: CallOptions) => transport.call(e.register, { body }, options),
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;

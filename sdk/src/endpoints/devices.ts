import { DEVICE_INFO_RETRY } from '../constants';
import { anyJson } from '../schemas/common';
import { deviceSchema } from '../schemas/device';
import { defineEndpoint } from './define';

/** /api/usermgmt/v2/devices. SPEC.md does not show the answer, so it is `anyJson`. */
export const devicesEndpoints = {
  register: defineEndpoint({
    id: 'devices.register',
    method: 'POST',
    path: '/api/usermgmt/v2/devices',
    provider: 'usermgmt',
    access: 'session',
    body: deviceSchema,
    response: anyJson,
    retry: DEVICE_INFO_RETRY,
    summary: "Register the member's browser as a device, with its 'City, Country'.",
  }),
} as const;

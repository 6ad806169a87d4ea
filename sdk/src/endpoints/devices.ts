import { deviceAnswerSchema, deviceSchema } from '../schemas/device';
import { DEVICE_INFO_RETRY } from '../transport/constants';
import { defineEndpoint } from './define';

/** /api/usermgmt/v2/devices. The answer (the device) is the provider's. */
export const devicesEndpoints = {
  register: defineEndpoint({
    id: 'devices.register',
    method: 'POST',
    path: '/api/usermgmt/v2/devices',
    provider: 'usermgmt',
    access: 'session',
    effect: 'unsafe',
    body: deviceSchema,
    response: deviceAnswerSchema,
    retry: DEVICE_INFO_RETRY,
    summary: "Register the member's browser as a device, with its 'City, Country'.",
  }),
} as const;

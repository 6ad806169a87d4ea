/** /api/usermgmt/v2/devices: the member's browsers; registering the same one again updates it. */
import type { HandlerMap } from './types';

export const devicesHandlers: HandlerMap<'devices'> = {
  'devices.register': ({ world, user, body, headers }) => {
    const agent = String(headers['user-agent'] ?? '');
    const devices = world.store.data.devices;
    const existing = devices.find(
      (device) => device.user_id === user.keycloakId && device.user_agent === agent,
    );
    if (existing) {
      existing.location = body.location;
      existing.active = body.active;
      existing.updated_at = world.nowIso();
      return existing;
    }
    const device = {
      id: world.store.nextId('device'),
      user_id: user.keycloakId,
      location: body.location,
      type: body.type,
      active: body.active,
      user_agent: agent,
      created_at: world.nowIso(),
    };
    devices.push(device);
    return device;
  },
};

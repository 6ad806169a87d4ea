/** /api/analytics/v2: the daily-active-user event, at most one per member and day. */
import type { HandlerMap } from './types';

export const analyticsHandlers: HandlerMap<'analytics'> = {
  'analytics.dau': ({ world, user, body }) => {
    const date = world.nowIso().slice(0, 10);
    const already = world.store.data.dau.some(
      (entry) => entry.user_id === user.keycloakId && entry.date === date,
    );
    if (!already) {
      world.store.data.dau.push({
        user_id: user.keycloakId,
        date,
        device: body.device,
        platform: body.platform,
        created_at: world.nowIso(),
      });
    }
    user.last_seen_at = world.nowIso();
    return { message: 'Recorded', date, counted: !already };
  },
};

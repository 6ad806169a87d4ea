import { alertsEndpoints } from '../endpoints/alerts';
import type { CallOptions } from '../endpoints/define';
import type { Id } from '../schemas/common';
import type { MarkReadInput } from '../schemas/notification';
import type { ServiceContext } from './context';

/** Notifications of the logged-in member. */
export function createAlertsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** The member's notifications (`{notifications}`). */
    listNotifications(options?: CallOptions) {
      return transport.call(alertsEndpoints.listNotifications, {}, options);
    },
    /** One notification. */
    getNotification(id: Id, options?: CallOptions) {
      return transport.call(alertsEndpoints.getNotification, { params: { id } }, options);
    },
    /** Deletes one notification. */
    deleteNotification(id: Id, options?: CallOptions) {
      return transport.call(alertsEndpoints.deleteNotification, { params: { id } }, options);
    },
    /** Marks the given notifications read, or all of them when no `ids` are given. */
    markAllRead(input: MarkReadInput = {}, options?: CallOptions) {
      return transport.call(alertsEndpoints.markAllRead, { body: input }, options);
    },
    /** How many notifications there are. */
    count(options?: CallOptions) {
      return transport.call(alertsEndpoints.count, {}, options);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

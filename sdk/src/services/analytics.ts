import { analyticsEndpoints } from '../endpoints/analytics';
import type { CallOptions } from '../endpoints/define';
import type { DauEvent } from '../schemas/analytics';
import type { ServiceContext } from './context';

/** Usage analytics. */
export function createAnalyticsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Sends the daily-active-user event; retried on 5xx up to 3 times, 10 s apart. */
    dau(event: DauEvent, options?: CallOptions) {
      return transport.call(analyticsEndpoints.dau, { body: event }, options);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

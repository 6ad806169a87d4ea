import { ANALYTICS_RETRY } from '../constants';
import { dauEventSchema } from '../schemas/analytics';
import { anyJson } from '../schemas/common';
import { defineEndpoint } from './define';

/** Usage analytics (SPEC.md section 7). The answer is not shown in SPEC.md, so `anyJson`. */
export const analyticsEndpoints = {
  dau: defineEndpoint({
    id: 'analytics.dau',
    method: 'POST',
    path: '/api/analytics/v2/dau/',
    provider: 'analytics',
    access: 'session',
    body: dauEventSchema,
    response: anyJson,
    retry: ANALYTICS_RETRY,
    summary: 'The daily-active-user event; sent only for logged-in non-admin users.',
  }),
} as const;

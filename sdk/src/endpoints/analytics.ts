import { dauAnswerSchema, dauEventSchema } from '../schemas/analytics';
import { ANALYTICS_RETRY } from '../transport/constants';
import { defineEndpoint } from './define';

/** Usage analytics (SPEC.md section 7). SPEC.md does not show the answer: an acknowledgement. */
export const analyticsEndpoints = {
  dau: defineEndpoint({
    id: 'analytics.dau',
    method: 'POST',
    path: '/api/analytics/v2/dau/',
    provider: 'analytics',
    access: 'session',
    effect: 'unsafe',
    body: dauEventSchema,
    response: dauAnswerSchema,
    retry: ANALYTICS_RETRY,
    summary: 'The daily-active-user event; sent only for logged-in non-admin users.',
  }),
} as const;

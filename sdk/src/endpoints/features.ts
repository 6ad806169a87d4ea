import {
  featureCodeParamsSchema,
  featureListSchema,
  featureToggledSchema,
  subfeatureToggledSchema,
  subfeatureToggleSchema,
} from '../schemas/feature';
import { defineEndpoint } from './define';

const BASE = '/api/feature-switch/v2/features';

/** Feature switches (SPEC.md section 7). Toggle answers are the provider's. */
export const featuresEndpoints = {
  list: defineEndpoint({
    id: 'features.list',
    method: 'GET',
    path: BASE,
    provider: 'feature-switch',
    access: 'public',
    effect: 'read',
    response: featureListSchema,
    summary: 'Every feature switch with its subfeatures.',
  }),
  toggle: defineEndpoint({
    id: 'features.toggle',
    method: 'PUT',
    path: `${BASE}/{code}/toggle`,
    provider: 'feature-switch',
    access: 'session',
    effect: 'unsafe',
    params: featureCodeParamsSchema,
    response: featureToggledSchema,
    summary: 'Switches a feature on or off (admin).',
  }),
  toggleSubfeature: defineEndpoint({
    id: 'features.toggleSubfeature',
    method: 'PUT',
    path: `${BASE}/{code}/subfeature/toggle`,
    provider: 'feature-switch',
    access: 'session',
    effect: 'unsafe',
    params: featureCodeParamsSchema,
    body: subfeatureToggleSchema,
    response: subfeatureToggledSchema,
    summary:
      'Switches a subfeature on or off; the path names the parent feature, the body the subfeature (admin).',
  }),
} as const;

/** /api/feature-switch/v2/features: switches with subfeatures; toggles are the admin's. */

import type { World } from '../core/world';
import { fieldError, notFound } from '../http/api-error';
import type { FeatureRecord } from '../state/types';
import type { HandlerMap } from './types';

function featureOf(world: World, code: string): FeatureRecord {
  const feature = world.store.data.features.find((entry) => entry.code.toLowerCase() === code.toLowerCase());
  if (!feature) throw notFound(`Feature ${code}`);
  return feature;
}

function featureView(feature: FeatureRecord) {
  return { ...feature, subfeatures: feature.subfeatures.map((sub) => ({ ...sub })) };
}

export const featuresHandlers: HandlerMap<'features'> = {
  'features.list': ({ world }) => ({ features: world.store.data.features.map(featureView) }),

  'features.toggle': ({ world, params }) => {
    const feature = featureOf(world, params.code);
    feature.enabled = !feature.enabled;
    feature.updated_at = world.nowIso();
    return {
      message: `${feature.code} ${feature.enabled ? 'enabled' : 'disabled'}`,
      feature: featureView(feature),
    };
  },

  'features.toggleSubfeature': ({ world, params, body }) => {
    const feature = featureOf(world, params.code);
    const sub = feature.subfeatures.find(
      (entry) => entry.code.toLowerCase() === body.subfeature.toLowerCase(),
    );
    if (!sub) throw fieldError('body.subfeature', `No subfeature ${body.subfeature} in ${feature.code}`);
    sub.enabled = !sub.enabled;
    feature.updated_at = world.nowIso();
    return {
      message: `${sub.code} ${sub.enabled ? 'enabled' : 'disabled'}`,
      feature: featureView(feature),
      subfeature: { ...sub },
    };
  },
};

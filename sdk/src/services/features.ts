import type { CallOptions } from '../endpoints/define';
import { featuresEndpoints } from '../endpoints/features';
import type { SubfeatureToggle } from '../schemas/feature';
import type { ServiceContext } from './context';

/** Feature switches: everyone reads them, admins toggle them. */
export function createFeaturesService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Every feature switch with its subfeatures (`{features}`). */
    list(options?: CallOptions) {
      return transport.call(featuresEndpoints.list, {}, options);
    },
    /** Switches the feature `code` on or off (admin). */
    toggle(code: string, options?: CallOptions) {
      return transport.call(featuresEndpoints.toggle, { params: { code } }, options);
    },
    /** Switches a subfeature of the feature `code` on or off; `subfeature` is the subfeature's code (admin). */
    toggleSubfeature(code: string, input: SubfeatureToggle, options?: CallOptions) {
      return transport.call(featuresEndpoints.toggleSubfeature, { params: { code }, body: input }, options);
    },
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;

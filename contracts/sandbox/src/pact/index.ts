/** Provider states: the registry, the generic states and those the Pact consumer tests name. */
import './generic-states';
import './contract/index';

export {
  defineState,
  findState,
  type ProviderState,
  providerStates,
  registerPactStates,
  type StateParams,
} from './registry';

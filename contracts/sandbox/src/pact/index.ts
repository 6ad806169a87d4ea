/**
 * Provider states: one typed map from state name to handler. The contract states implement every
 * name of state-names.ts (the compiler checks it); the generic states are named after the demo data.
 */
import { accountStates } from './contract/accounts';
import { backOfficeStates } from './contract/back-office';
import { commerceStates } from './contract/commerce';
import { realtimeStates } from './contract/realtime';
import { socialStates } from './contract/social';
import { genericStates } from './generic-states';
import type { StateHandler, StateHandlers } from './state-handler';
import type { ContractStateName } from './state-names';

export const CONTRACT_STATES: Readonly<Record<ContractStateName, StateHandler>> = {
  ...accountStates,
  ...backOfficeStates,
  ...socialStates,
  ...commerceStates,
  ...realtimeStates,
};

export const PROVIDER_STATES: StateHandlers = { ...genericStates, ...CONTRACT_STATES };

export { indexStates, registerPactStates } from './registry';
export type { ProviderState, StateHandler, StateHandlers, StateParams } from './state-handler';
export { CONTRACT_STATE_NAMES, type ContractStateName, isContractStateName } from './state-names';

/**
 * What a provider state is: its handler's shape and the parameters it reads. The states (contract/,
 * generic-states.ts) implement it and the endpoint (registry.ts) runs it; neither imports the other.
 */
import type { World } from '../core/world';
import type { ContractStateName } from './state-names';

export type StateParams = Record<string, unknown>;

export interface StateHandler {
  description: string;
  /** Sets up everything the interaction needs, clearing what an earlier interaction left. */
  setup(world: World, params: StateParams): StateParams | Promise<StateParams>;
  teardown?(world: World, params: StateParams): void | Promise<void>;
  /**
   * Realtime states only: makes the state's event happen, once the verifier's socket is connected
   * (`action: "trigger"`). States whose event follows from the connection itself have none.
   */
  trigger?(world: World, params: StateParams): void | Promise<void>;
}

export type StateHandlers = Readonly<Record<string, StateHandler>>;
/** A part of the contract states' map: only names the pacts use, each at most once. */
export type ContractStateHandlers = Partial<Record<ContractStateName, StateHandler>>;

export interface ProviderState extends StateHandler {
  name: string;
}

/** A parameter missing or malformed: the endpoint answers 400 with this message. */
export class StateParamError extends Error {}

/**
 * The provider-state registry for Pact verification: `POST /_pact/state` with `{ state, params, action }`
 * runs the named state's setup (or teardown) and answers the values the consumer's
 * `fromProviderState` expressions may use. Adding a state is one `defineState` call.
 */
import type { FastifyInstance } from 'fastify';
import type { World } from '../world';

export type StateParams = Record<string, unknown>;

export interface ProviderState {
  /** The state's name as the consumer writes it, e.g. 'a member {id} exists'. */
  name: string;
  description: string;
  setup(world: World, params: StateParams): StateParams | Promise<StateParams>;
  teardown?(world: World, params: StateParams): void | Promise<void>;
}

const registry = new Map<string, ProviderState>();

const normalise = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');

export function defineState(state: ProviderState): void {
  registry.set(normalise(state.name), state);
}

export function providerStates(): ProviderState[] {
  return [...registry.values()];
}

export function findState(name: string): ProviderState | undefined {
  return registry.get(normalise(name));
}

export function registerPactStates(app: FastifyInstance, world: World): void {
  app.post<{ Body: { state?: unknown; params?: unknown; action?: unknown } | undefined }>(
    '/_pact/state',
    async (request, reply) => {
      const body = request.body ?? {};
      const name = typeof body.state === 'string' ? body.state : '';
      const params = (
        typeof body.params === 'object' && body.params !== null ? body.params : {}
      ) as StateParams;
      const action = body.action === 'teardown' ? 'teardown' : 'setup';
      if (name === '') return {};
      const state = findState(name);
      if (!state) {
        return reply.code(400).send({
          message: `Unknown provider state '${name}'`,
          known: providerStates().map((entry) => entry.name),
        });
      }
      if (action === 'teardown') {
        await state.teardown?.(world, params);
        world.store.touch();
        return {};
      }
      const answer = await state.setup(world, params);
      world.store.touch();
      return { ...params, ...answer };
    },
  );

  app.get('/_pact/states', () => ({
    states: providerStates().map((state) => ({ name: state.name, description: state.description })),
  }));
}

/**
 * The provider-state endpoint for Pact verification: `POST /_pact/state` with
 * `{ state, params, action }` runs the named state's setup (or teardown, or trigger) and answers
 * the values the consumer's `fromProviderState` expressions may use. The states are a typed map
 * (index.ts): one entry per name, checked against the names the pacts use (state-names.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { World } from '../core/world';
import { type ProviderState, type StateHandlers, StateParamError, type StateParams } from './state-handler';

const ACTIONS = ['setup', 'teardown', 'trigger'] as const;
type Action = (typeof ACTIONS)[number];

const normalise = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');

const isRecord = (value: unknown): value is StateParams =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The states of a handler map under their normalised names, for lookups that forgive case and spacing. */
export function indexStates(states: StateHandlers): Map<string, ProviderState> {
  const index = new Map<string, ProviderState>();
  for (const [name, handler] of Object.entries(states)) index.set(normalise(name), { name, ...handler });
  return index;
}

export function registerPactStates(app: FastifyInstance, world: World, states: StateHandlers): void {
  const index = indexStates(states);
  const known = () => [...index.values()].map((state) => state.name);
  app.post<{ Body: { state?: unknown; params?: unknown; action?: unknown } | undefined }>(
    '/_pact/state',
    async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const name = typeof body.state === 'string' ? body.state : '';
      const params = isRecord(body.params) ? body.params : {};
      const action = body.action ?? 'setup';
      if (!(ACTIONS as readonly unknown[]).includes(action)) {
        return reply
          .code(400)
          .send({ message: `Unknown action '${String(action)}' (known: ${ACTIONS.join(', ')})` });
      }
      if (name === '') return {};
      const state = index.get(normalise(name));
      if (!state)
        return reply.code(400).send({ message: `Unknown provider state '${name}'`, known: known() });
      try {
        switch (action as Action) {
          case 'teardown':
            await state.teardown?.(world, params);
            world.store.touch();
            return {};
          case 'trigger':
            await state.trigger?.(world, params);
            world.store.touch();
            return {};
          default: {
            const answer = await state.setup(world, params);
            world.store.touch();
            return { ...params, ...answer };
          }
        }
      } catch (error) {
        // A missing or malformed parameter is the caller's mistake: say which, with a 400.
        if (error instanceof StateParamError)
          return reply.code(400).send({ message: `state '${state.name}': ${error.message}` });
        throw error;
      }
    },
  );

  app.get('/_pact/states', () => ({
    states: [...index.values()].map((state) => ({ name: state.name, description: state.description })),
  }));
}

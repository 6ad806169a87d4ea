/**
 * The first of the client chunk's two evaluation steps (lib/client.ts): zod and the schemas of the
 * user, the `schemas` chunk of scripts/chunk-groups.ts, which this module joins. Imported on its own
 * before the client's module, that chunk runs in a task of its own: imported together, the two
 * chunks were one task of 140 ms on a traced phone (4x CPU slowdown), after the first paint, while
 * the member's first screen waited to answer input.
 */
export { userSchema } from '@matchmaker/sdk/schemas';

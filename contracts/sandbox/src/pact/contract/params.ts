/**
 * Reading the parameters a consumer passes with a provider state. A state needs the ids its name
 * declares, and fails loudly (the verification shows the message) when one is missing.
 */
import type { UserRecord } from '../../state/types';
import type { World } from '../../world';
import { ensureMember } from '../fixtures';
import type { StateParams } from '../registry';

export const str = (params: StateParams, key: string): string => {
  const value = params[key];
  if (value === undefined || value === null || value === '')
    throw new Error(`provider state needs the parameter '${key}'`);
  return String(value);
};
export const opt = (params: StateParams, key: string): string | undefined =>
  params[key] === undefined || params[key] === null ? undefined : String(params[key]);

/** The member with the id in params[key], created and repaired by ensureMember. */
export const member = (world: World, params: StateParams, key: string): UserRecord =>
  ensureMember(world, str(params, key));

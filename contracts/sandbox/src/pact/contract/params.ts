/**
 * Reading the parameters a consumer passes with a provider state. A state needs the ids its name
 * declares, and fails loudly (the verification shows the message) when one is missing.
 */

import type { World } from '../../core/world';
import type { UserRecord } from '../../state/types';
import { ensureMember } from '../fixtures';
import { StateParamError, type StateParams } from '../state-handler';

export const str = (params: StateParams, key: string): string => {
  const value = params[key];
  if (value === undefined || value === null || value === '')
    throw new StateParamError(`provider state needs the parameter '${key}'`);
  return String(value);
};

/** A count of records to seed: a whole number from 1 to 1000. */
export const count = (params: StateParams, key = 'count'): number => {
  const value = Number(str(params, key));
  if (!Number.isInteger(value) || value < 1 || value > 1_000)
    throw new StateParamError(
      `parameter '${key}' must be a whole number from 1 to 1000, not '${String(params[key])}'`,
    );
  return value;
};
export const opt = (params: StateParams, key: string): string | undefined =>
  params[key] === undefined || params[key] === null ? undefined : String(params[key]);

/** The member with the id in params[key], created and repaired by ensureMember. */
export const member = (world: World, params: StateParams, key: string): UserRecord =>
  ensureMember(world, str(params, key));

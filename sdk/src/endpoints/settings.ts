import { settingsAnswerSchema, settingsSchema } from '../schemas/settings';
import { defineEndpoint } from './define';

const path = '/api/usermgmt/v2/settings';

/** /api/usermgmt/v2/settings. Every call answers the stored settings. */
export const settingsEndpoints = {
  get: defineEndpoint({
    id: 'settings.get',
    method: 'GET',
    path,
    provider: 'usermgmt',
    access: 'session',
    effect: 'read',
    response: settingsAnswerSchema,
    summary: 'Read the settings of the logged-in member.',
  }),
  create: defineEndpoint({
    id: 'settings.create',
    method: 'POST',
    path,
    provider: 'usermgmt',
    access: 'session',
    effect: 'unsafe',
    body: settingsSchema,
    response: settingsAnswerSchema,
    summary: 'Create the settings of the logged-in member.',
  }),
  update: defineEndpoint({
    id: 'settings.update',
    method: 'PUT',
    path,
    provider: 'usermgmt',
    access: 'session',
    effect: 'idempotent',
    body: settingsSchema,
    response: settingsAnswerSchema,
    summary: 'Update the settings of the logged-in member.',
  }),
} as const;

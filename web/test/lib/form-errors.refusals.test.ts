/**
 * A request the SDK refuses before sending (a ContractError on the request) shows on the form as
 * field errors, exactly as the API's 400 with the same field paths does. The refusal is the SDK's
 * own, from a real call: nothing is sent, so the client needs no server.
 */
import { createClient, HttpError, isContractError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formErrorsOf } from '../../src/lib/form-errors';

const FIELDS = ['first_name', 'last_name', 'username', 'date_of_birth', 'sex', 'email', 'password'];

async function sdkRefusal(): Promise<unknown> {
  const client = createClient({ baseURL: 'http://127.0.0.1:9', locks: null });
  return client.accounts
    .register({
      first_name: 'Amina',
      last_name: 'Khan',
      username: 'ab',
      date_of_birth: '1994-03-12',
      sex: 'female',
      email: 'amina@example.com',
      password: 'short',
      agreed_to_terms: true,
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

describe('form errors of a refused request', () => {
  it('puts the SDK refusal under its fields, as it puts a 400', async () => {
    const refusal = await sdkRefusal();
    expect(isContractError(refusal)).toBe(true);
    const fromSdk = formErrorsOf(refusal, FIELDS);
    expect(fromSdk.form).toBeNull();
    expect(fromSdk.fields).toEqual({
      username: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores',
      password: 'Password must be at least 8 characters',
    });
    const issues = isContractError(refusal) ? refusal.issues : [];
    const answered = new HttpError(400, { message: 'Validation failed', errors: issues });
    expect(formErrorsOf(answered, FIELDS)).toEqual(fromSdk);
    expect(fieldErrorsOf(refusal)).toEqual(fieldErrorsOf(answered));
  });

  it('leaves a broken answer (a ContractError on the response) to the form-level message', () => {
    const answer = Object.assign(new Error('accounts.userInfo: response.roles: Invalid input'), {
      code: 'CONTRACT_ERROR',
      direction: 'response',
      issues: [{ path: 'roles', message: 'Invalid input' }],
    });
    expect(formErrorsOf(answer, FIELDS).fields).toEqual({});
    expect(fieldErrorsOf(answer)).toEqual({});
  });
});

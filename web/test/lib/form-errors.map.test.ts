/**
 * Where a failed call's messages go in a form: beside the field they name when the form shows it,
 * at the top otherwise, never dropped. A 400's `errors` and the SDK's refusal of a request that
 * breaks the contract (a ContractError naming a body field) are placed alike.
 */
import { ContractError, HttpError, NetworkError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formErrorsOf } from '../../src/lib/form-errors';

const badRequest = (errors: { path: string; message: string }[]) =>
  new HttpError(400, { message: 'Validation failed', errors }, { endpoint: 'accounts.register' });

describe('formErrorsOf', () => {
  it("places a 400's messages beside the fields the form shows", () => {
    const error = badRequest([
      { path: 'body.email', message: 'Email already registered' },
      { path: 'body.username', message: 'Username already taken' },
    ]);
    expect(formErrorsOf(error, ['email', 'username', 'password'])).toEqual({
      fields: { email: 'Email already registered', username: 'Username already taken' },
      form: null,
    });
  });

  it('puts a message about a field the form does not show at the top, beside the placed ones', () => {
    const error = badRequest([
      { path: 'body.email', message: 'Email already registered' },
      { path: 'body.password_policy', message: 'Passwords must differ from the last five' },
    ]);
    expect(formErrorsOf(error, ['email'])).toEqual({
      fields: { email: 'Email already registered' },
      form: 'Passwords must differ from the last five',
    });
    expect(formErrorsOf(error, [])).toEqual({
      fields: {},
      form: 'Email already registered Passwords must differ from the last five',
    });
  });

  it("places a ContractError's request issues like a 400's, by their body path", () => {
    const error = new ContractError('accounts.register', 'request', [
      { path: 'body.email', message: 'Invalid email address' },
      { path: 'body.referrer', message: 'Too long' },
    ]);
    expect(formErrorsOf(error, ['email'])).toEqual({
      fields: { email: 'Invalid email address' },
      form: 'Too long',
    });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Invalid email address', referrer: 'Too long' });
  });

  it('never places a broken answer (a response ContractError) on a field', () => {
    const error = new ContractError('accounts.register', 'response', [
      { path: 'email', message: 'Required' },
    ]);
    const found = formErrorsOf(error, ['email']);
    expect(found.fields).toEqual({});
    expect(found.form).toBe('Something went wrong. Please try again.');
  });

  it('describes a failure that names no field at the top', () => {
    expect(formErrorsOf(new NetworkError('fetch failed', { endpoint: 'accounts.login' }), ['email'])).toEqual(
      {
        fields: {},
        form: 'We could not reach Matchmaker. Check your connection and try again.',
      },
    );
    expect(formErrorsOf(new HttpError(409, { message: 'Already confirmed' }), ['email'])).toEqual({
      fields: {},
      form: 'Already confirmed',
    });
  });
});

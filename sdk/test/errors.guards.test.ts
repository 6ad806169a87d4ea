import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  ContractError,
  ContractWarning,
  HttpError,
  isAbortedError,
  isContractError,
  isContractWarning,
  isHttpError,
  isIgnoredInReporting,
  isMatchmakerError,
  isNetworkError,
  isNotLoggedInError,
  isSuspendedError,
  isTimeoutError,
  NetworkError,
  NotLoggedInError,
  SuspendedError,
  TimeoutError,
} from '../src/index';

const cases = [
  {
    error: new HttpError(500, { m: 1 }, { endpoint: 'x.y' }),
    guard: isHttpError,
    name: 'HttpError',
    code: 'HTTP_ERROR',
  },
  { error: new NetworkError('down'), guard: isNetworkError, name: 'NetworkError', code: 'NETWORK_ERROR' },
  { error: new TimeoutError(10), guard: isTimeoutError, name: 'TimeoutError', code: 'TIMEOUT_ERROR' },
  {
    error: new ContractError('x.y', 'response', [{ path: 'a', message: 'bad' }]),
    guard: isContractError,
    name: 'ContractError',
    code: 'CONTRACT_ERROR',
  },
  {
    error: new ContractWarning('x.y', {
      field: 'body_type',
      value: 'new',
      expected: 'one of slim',
      kept: 'new',
    }),
    guard: isContractWarning,
    name: 'ContractWarning',
    code: 'CONTRACT_WARNING',
  },
  {
    error: new NotLoggedInError(),
    guard: isNotLoggedInError,
    name: 'NotLoggedInError',
    code: 'NOT_LOGGED_IN',
  },
  { error: new SuspendedError(), guard: isSuspendedError, name: 'SuspendedError', code: 'SUSPENDED' },
  { error: new AbortedError('stop'), guard: isAbortedError, name: 'AbortedError', code: 'ABORTED' },
] as const;

describe('error classes and guards', () => {
  it.each(cases)('$name has a literal name and code, and its guard', ({ error, guard, name, code }) => {
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(guard(error)).toBe(true);
    expect(isMatchmakerError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    for (const other of cases) if (other.guard !== guard) expect(other.guard(error)).toBe(false);
  });

  it('guards recognise errors from another copy of the SDK by code', () => {
    const foreign = Object.assign(new Error('Not logged in'), { code: 'NOT_LOGGED_IN' });
    expect(isNotLoggedInError(foreign)).toBe(true);
    expect(isMatchmakerError(foreign)).toBe(true);
    expect(isMatchmakerError(new Error('plain'))).toBe(false);
    expect(isHttpError(null)).toBe(false);
    expect(isHttpError('HTTP_ERROR')).toBe(false);
  });

  it('keeps status, body, endpoint and cause', () => {
    const cause = new Error('root');
    const error = new HttpError(422, { field: 'email' }, { endpoint: 'accounts.register', cause });
    expect(error).toMatchObject({
      status: 422,
      body: { field: 'email' },
      endpoint: 'accounts.register',
      cause,
    });
    expect(error.message).toBe('accounts.register failed with HTTP 422');
  });

  it('says "Not logged in" and is ignored by error reporting', () => {
    const error = new NotLoggedInError();
    expect(error.message).toBe('Not logged in');
    expect(isIgnoredInReporting(error)).toBe(true);
    expect(isIgnoredInReporting(new HttpError(500, null))).toBe(false);
  });

  it('contract errors name the endpoint, the side and the first bad field', () => {
    const error = new ContractError('accounts.userInfo', 'response', [
      { path: 'roles[0]', message: 'expected string' },
      { path: 'email', message: 'expected string' },
    ]);
    expect(error.message).toBe('accounts.userInfo: response.roles[0]: expected string');
    expect(error.path).toBe('roles[0]');
    expect(error.issues).toHaveLength(2);
  });
});

describe('what survives a trip out of the process', () => {
  it('JSON keeps name, code, message and endpoint, and the code guards accept the plain object', () => {
    const error = new NotLoggedInError({ endpoint: 'accounts.userInfo' });
    const plain: unknown = JSON.parse(JSON.stringify(error));
    expect(plain).toEqual({
      name: 'NotLoggedInError',
      code: 'NOT_LOGGED_IN',
      message: 'Not logged in',
      endpoint: 'accounts.userInfo',
    });
    expect(isNotLoggedInError(plain)).toBe(true);
  });

  it('a structured clone loses the code, so no guard claims it', () => {
    const clone: unknown = structuredClone(new SuspendedError());
    expect(clone).toBeInstanceOf(Error);
    expect(isSuspendedError(clone)).toBe(false);
    expect(isMatchmakerError(clone)).toBe(false);
  });
});

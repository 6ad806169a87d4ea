/**
 * Turns the API's validation answer (400 `{ message, errors: [{ path: 'body.email', message }] }`)
 * into errors keyed by form field, so each message sits under the field it is about. A request the
 * SDK refused before sending (a ContractError on the request) carries the same paths and rules,
 * so it takes the same path to the form.
 */
import { isContractError, isHttpError } from '@matchmaker/sdk';
import { describeError } from './error-message';

export interface FormErrors {
  /** Messages by field name (the body key: `email`, `new_password`, ...). */
  fields: Record<string, string>;
  /** What is not about one field, for the top of the form. */
  form: string | null;
}

function errorEntries(body: unknown): { path: string; message: string }[] {
  if (body === null || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors))
    return [];
  return body.errors.flatMap((entry: unknown) =>
    entry !== null &&
    typeof entry === 'object' &&
    'path' in entry &&
    'message' in entry &&
    typeof entry.path === 'string' &&
    typeof entry.message === 'string'
      ? [{ path: entry.path, message: entry.message }]
      : [],
  );
}

/** The field errors of a refusal: the answer's `errors`, or the request issues the SDK found. */
function refusalEntries(error: unknown): { path: string; message: string }[] {
  if (isHttpError(error)) return errorEntries(error.body);
  if (isContractError(error) && error.direction === 'request') return [...error.issues];
  return [];
}

/** Whether a failure is a refused request: a 400, or the SDK's refusal before sending. */
const isRefusal = (error: unknown): boolean =>
  (isHttpError(error) && error.status === 400) || (isContractError(error) && error.direction === 'request');

/** The field errors a failed call's answer carries, by field name (`body.email` is `email`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of refusalEntries(error)) found[path.replace(/^body\./, '')] ??= message;
  return found;
}

/** Splits a failed call into field errors (for the fields the form has) and a form-level message. */
export function formErrorsOf(error: unknown, fieldNames: readonly string[]): FormErrors {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  if (isRefusal(error)) {
    for (const { path, message } of refusalEntries(error)) {
      const name = path.replace(/^body\./, '');
      if (fieldNames.includes(name) && !fields[name]) fields[name] = message;
      else unplaced.push(message);
    }
    if (Object.keys(fields).length > 0) {
      return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : null };
    }
  }
  return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : describeError(error) };
}

/** A loose shape check: the server decides what it accepts; this only catches typing slips. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

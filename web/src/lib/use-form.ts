/**
 * The one submit cycle of every form: the values, the checks before the call, busy while it runs,
 * the server's field errors beside their inputs (a 400 `{ errors: [{ path }] }`, or the SDK's
 * ContractError for a request field), anything else as one form-level error (a field the form does
 * not show included: never dropped unseen), and the toast that ends it. Nothing typed is cleared
 * on failure. A form's own screen decides where the errors show; this hook only holds them.
 */
import { isHttpError, isNetworkError, isTimeoutError } from '@matchmaker/sdk';
import { type FormEvent, useRef, useState } from 'react';
import { formErrorsOf } from './form-errors';
import { reportError } from './report';
import { notify } from './toast';

export type FormValues = Record<string, string | boolean>;

/** Messages by field name, and `form` for what is about no field the form shows. */
export type FormErrorsOf<V> = Partial<Record<(keyof V & string) | 'form' | (string & {}), string>>;

export interface FormSpec<V extends FormValues, R> {
  initial: V | (() => V);
  /** Checks before the call: a message for each field that is wrong (undefined where it is fine). */
  validate?: (values: V) => Partial<Record<string, string | undefined>>;
  /** The call (a feature action). Its answer goes to `onSuccess` and `successToast`. */
  submit: (values: V) => Promise<R>;
  /**
   * The fields whose errors the form shows beside an input (the keys of `initial` unless given): a
   * server error about any other field goes to the form-level error, so none is dropped unseen.
   */
  fields?: readonly string[];
  onSuccess?: (result: R, values: V) => void;
  /** After a failed call, once its errors are placed (what a partial success must undo or keep). */
  onFailure?: (error: unknown) => void;
  /** The toast of a success; null or an empty string for none. */
  successToast?: string | ((result: R, values: V) => string | null);
  /** A form-level message of the form's own for a failure (wrong credentials, a spent link). */
  failureMessage?: (error: unknown) => string | undefined;
  /** Also show the form-level failure as an error toast (a form far from where the member looks). */
  failureToast?: boolean;
  /**
   * A failed check moves focus to the first invalid field (long forms, where the error may be out
   * of sight); short forms keep focus where the member left it.
   */
  focusInvalid?: boolean;
}

/** Props of a text input, select or text area bound to one value. */
export interface FieldProps<K extends string = string> {
  name: K;
  value: string;
  error: string | undefined;
  /** Takes an input's change event, or anything with the new `target.value` (a radio group's). */
  onChange: (event: { target: { value: string } }) => void;
}

/** Props of a checkbox bound to one value. */
export interface CheckboxProps<K extends string = string> {
  name: K;
  checked: boolean;
  error: string | undefined;
  onChange: (event: { target: { checked: boolean } }) => void;
}

/** What a form's frame draws of any form: its submit, its busy state and its form-level error. */
export interface FormCycle {
  errors: { form?: string | undefined };
  busy: boolean;
  onSubmit: (event?: FormEvent) => Promise<boolean>;
}

export interface Form<V extends FormValues, R = unknown> {
  values: V;
  errors: FormErrorsOf<V>;
  busy: boolean;
  /** Sets one value; the error found in the old value goes (the new one is not judged yet). */
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Props of a text input, select or text area bound to `name`. */
  field: <K extends KeysOf<V, string>>(name: K) => FieldProps<K>;
  /** Props of a checkbox bound to `name`. */
  checkbox: <K extends KeysOf<V, boolean>>(name: K) => CheckboxProps<K>;
  /** The form's onSubmit: checks, then calls; resolves true when the call succeeded. */
  onSubmit: (event?: FormEvent) => Promise<boolean>;
  /**
   * Runs the checks only (for a form confirmed in a dialog before its call); true when they pass.
   */
  check: () => boolean;
  /**
   * Runs the call without the checks and rethrows its failure after placing it (for a dialog that
   * keeps its own error open); resolves with the answer.
   */
  run: () => Promise<R>;
  /** Puts every value back to `next` (or the initial values) and clears the errors. */
  reset: (next?: V) => void;
}

type KeysOf<V, T> = { [K in keyof V & string]: V[K] extends T ? K : never }[keyof V & string];

/**
 * Whether a failure is worth reporting: the member's own input refused (a 4xx) and a line that is
 * down are not bugs; anything else (5xx, a broken answer, our own errors) is.
 */
function isUnexpected(error: unknown): boolean {
  if (isNetworkError(error) || isTimeoutError(error)) return false;
  return !(isHttpError(error) && error.status >= 400 && error.status < 500);
}

/**
 * Once React has drawn the errors, the first invalid field, else the form's own error, takes
 * focus, which scrolls it clear of the sticky header: keyboard and screen reader users land on
 * what to fix. With 24 px text on a phone a refused login's "The email or password is not
 * correct." sat above the view, the page left where Log in was. Not when the member moved focus
 * out of the form meanwhile (an answer can take a while).
 */
function focusProblem(form: HTMLFormElement | null): void {
  if (!form) return;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now && now !== document.body && !form.contains(now)) return;
    (
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('.form__error[role="alert"]')
    )?.focus();
  });
}

export function useForm<V extends FormValues, R = unknown>(spec: FormSpec<V, R>): Form<V, R> {
  const [values, setValues] = useState<V>(spec.initial);
  const [errors, setErrors] = useState<FormErrorsOf<V>>({});
  const [busy, setBusy] = useState(false);
  // A second submit while one runs (Enter pressed twice) sends nothing.
  const running = useRef(false);

  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors(({ [name]: _judged, ...rest }) => rest as FormErrorsOf<V>);
  };

  const checkValues = (form: HTMLFormElement | null): boolean => {
    const found = Object.fromEntries(
      Object.entries(spec.validate?.(values) ?? {}).filter((entry): entry is [string, string] => !!entry[1]),
    );
    setErrors(found as FormErrorsOf<V>);
    if (Object.keys(found).length === 0) return true;
    if (spec.focusInvalid) focusProblem(form);
    return false;
  };

  const place = (error: unknown) => {
    const found = formErrorsOf(error, spec.fields ?? Object.keys(values));
    if (Object.keys(found.fields).length === 0 && isUnexpected(error)) reportError(error);
    const form = spec.failureMessage?.(error) ?? found.form ?? undefined;
    setErrors({ ...found.fields, ...(form ? { form } : {}) } as FormErrorsOf<V>);
    if (form && spec.failureToast) notify.error(form);
  };

  const call = async (): Promise<R> => {
    running.current = true;
    setBusy(true);
    try {
      const result = await spec.submit(values);
      setErrors({});
      const toast =
        typeof spec.successToast === 'function' ? spec.successToast(result, values) : spec.successToast;
      if (toast) notify.success(toast);
      spec.onSuccess?.(result, values);
      return result;
    } catch (error) {
      place(error);
      spec.onFailure?.(error);
      throw error;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const onSubmit = async (event?: FormEvent): Promise<boolean> => {
    event?.preventDefault();
    if (running.current) return false;
    const form = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    if (!checkValues(form)) return false;
    return call().then(
      () => true,
      () => {
        focusProblem(form);
        return false;
      },
    );
  };

  return {
    values,
    errors,
    busy,
    set,
    field: (name) => ({
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (event) => set(name, event.target.value as V[typeof name]),
    }),
    checkbox: (name) => ({
      name,
      checked: values[name] as boolean,
      error: errors[name],
      onChange: (event) => set(name, event.target.checked as V[typeof name]),
    }),
    onSubmit,
    check: () => checkValues(null),
    run: call,
    reset: (next) => {
      setValues(next ?? (typeof spec.initial === 'function' ? spec.initial() : spec.initial));
      setErrors({});
    },
  };
}

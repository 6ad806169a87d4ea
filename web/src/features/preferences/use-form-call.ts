/**
 * The submit cycle every account form shares: busy while the call runs, the server's field errors
 * beside their inputs, anything else as one form error. Nothing typed is cleared on failure.
 */
import { useState } from 'react';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { fieldErrors } from './field-errors';

export type Errors = Record<string, string | undefined>;

export function useFormCall() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  /** Runs `call` unless `checked` holds errors; resolves true when the call succeeded. */
  const submit = async (checked: Errors, call: () => Promise<unknown>): Promise<boolean> => {
    if (Object.values(checked).some(Boolean)) {
      setErrors(checked);
      return false;
    }
    setErrors({});
    setBusy(true);
    try {
      await call();
      return true;
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else {
        reportError(error);
        setErrors({ form: describeError(error) });
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, errors, submit };
}

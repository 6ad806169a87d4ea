/**
 * The submit cycle every account form shares: busy while the call runs, the server's field errors
 * beside their inputs, anything else as one form error. Nothing typed is cleared on failure.
 */
import { useState } from 'react';
import { formErrorsOf } from './form-errors';
import { reportError } from './report';

export type Errors = Record<string, string | undefined>;

export function useFormCall() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  /**
   * Runs `call` unless `checked` holds errors; resolves true when the call succeeded. `checked`
   * names every field of the form (a field without an error maps to undefined).
   */
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
      // Errors about fields this form does not show go to the top, never dropped unseen.
      const { fields, form } = formErrorsOf(error, Object.keys(checked));
      if (Object.keys(fields).length === 0) reportError(error);
      setErrors({ ...fields, ...(form ? { form } : {}) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, errors, submit };
}

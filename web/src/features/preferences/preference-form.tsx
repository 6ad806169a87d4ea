/**
 * A card of the preferences' account column: its heading names the form, what the member has now
 * comes first, then what was just sent, the form's own error, the fields and the one button.
 */
import { type ReactNode, useId } from 'react';
import { Button, FormError } from '../../components/index';
import type { FormCycle } from '../../lib/use-form';

export interface PreferenceFormProps {
  /** The element id a link lands on (`/preferences#email`). */
  id?: string;
  form: FormCycle;
  heading: string;
  submitLabel: string;
  intro?: ReactNode;
  /** Said politely once the call succeeded (what happens next). */
  notice?: ReactNode;
  children: ReactNode;
}

export function PreferenceForm({
  id,
  form,
  heading,
  submitLabel,
  intro,
  notice,
  children,
}: PreferenceFormProps) {
  const headingId = useId();
  return (
    <form id={id} className="card form" onSubmit={form.onSubmit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{heading}</h2>
      {intro}
      {notice ? (
        <p className="notice notice--info" role="status">
          {notice}
        </p>
      ) : null}
      <FormError message={form.errors.form} />
      {children}
      <Button type="submit" busy={form.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

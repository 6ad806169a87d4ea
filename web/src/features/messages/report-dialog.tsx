/** Report a member with a reason (required), sent through the SDK. */
import { useId } from 'react';
import { Dialog } from '../../components/dialog';
import { Button, FormError } from '../../components/index';
import { useForm } from '../../lib/use-form';
import { reportMember } from './room-actions';

const REASONS = [
  'Harassment or abuse',
  'Spam or scam',
  'Fake profile',
  'Inappropriate content',
  'Other',
] as const;

export function ReportDialog({
  open,
  memberId,
  name,
  onClose,
}: {
  open: boolean;
  memberId: string;
  name: string;
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm({
    initial: { reason: '', details: '' },
    validate: ({ reason }) => ({ reason: reason ? undefined : 'Choose a reason for the report.' }),
    // The API's one text field is `reason` (the chosen reason and the details joined): its errors
    // sit under the reasons; any other (the reported member's id) is said at the top of the dialog.
    fields: ['reason'],
    submit: ({ reason, details }) =>
      reportMember(memberId, details.trim() ? `${reason}: ${details.trim()}` : reason),
    successToast: 'Thank you. Our team will review your report.',
    onSuccess: () => {
      form.reset();
      onClose();
    },
    // The dialog stays open with the error inside; the toast says it too, as before.
    failureToast: true,
  });
  const error = form.errors.reason;

  return (
    <Dialog
      open={open}
      title={`Report ${name}`}
      onClose={onClose}
      dismissible
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={form.busy} onClick={() => void form.onSubmit()}>
            Send report
          </Button>
        </>
      }
    >
      <FormError message={form.errors.form} />
      <fieldset className="report-reasons" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>Why are you reporting {name}?</legend>
        {REASONS.map((option) => (
          <label key={option} className="report-reasons__option">
            <input
              type="radio"
              name={`${id}-reason`}
              value={option}
              checked={form.values.reason === option}
              onChange={() => form.set('reason', option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <label className="field__label" htmlFor={`${id}-details`}>
        Details (optional)
      </label>
      <textarea
        id={`${id}-details`}
        className="chat-textarea"
        rows={3}
        value={form.values.details}
        maxLength={1000}
        onChange={form.field('details').onChange}
      />
    </Dialog>
  );
}

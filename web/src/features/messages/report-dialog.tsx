/** Report a member with a reason (required), sent through the SDK. */
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { Button } from '../../components/index';
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
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!reason) {
      setError('Choose a reason for the report.');
      return;
    }
    setBusy(true);
    const text = details.trim() ? `${reason}: ${details.trim()}` : reason;
    const ok = await reportMember(memberId, text);
    setBusy(false);
    if (ok) {
      setReason('');
      setDetails('');
      setError(null);
      onClose();
    }
  }

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
          <Button variant="danger" busy={busy} onClick={() => void submit()}>
            Send report
          </Button>
        </>
      }
    >
      <fieldset className="report-reasons" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>Why are you reporting {name}?</legend>
        {REASONS.map((option) => (
          <label key={option} className="report-reasons__option">
            <input
              type="radio"
              name={`${id}-reason`}
              value={option}
              checked={reason === option}
              onChange={() => {
                setReason(option);
                setError(null);
              }}
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
        value={details}
        maxLength={1000}
        onChange={(event) => setDetails(event.target.value)}
      />
    </Dialog>
  );
}

/**
 * The profile's email: shown, not edited here. Changing it needs the password and a confirmation
 * from the new address, which the preferences' email form does; the link lands on that form.
 */
import { ButtonLink, TextField } from '../../components/index';

/** Where the email is changed: the preferences' email form (`id="email"` there). */
export const CHANGE_EMAIL_HREF = '/preferences#email';

export function EmailField({ current }: { current: string }) {
  return (
    <div className="change-email">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        readOnly
        value={current}
        hint="Changing it needs your password and a confirmation from the new address."
      />
      <ButtonLink variant="secondary" href={CHANGE_EMAIL_HREF}>
        Change email
      </ButtonLink>
    </div>
  );
}

/**
 * The account actions on one user. Each opens a confirmation; the call's answer (the user as it
 * now is) replaces what the page shows, and a toast says what happened. On the signed-in admin's
 * own account the actions that would lock them out (deactivate, suspend, change role: the only
 * change is to member, delete) are not offered, and a note says why: the API refuses them (409
 * OWN_ACCOUNT), and the dialog shows its message if one is sent anyway (another tab signed in as
 * this user).
 */
import { isAdmin, isOwnAccount, MEMBER_ROLE, userIdOf } from '@matchmaker/sdk/rules';
import type { UpdateUserInput } from '@matchmaker/sdk/schemas';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button, TextField } from '../../../components/index';
import { sessionState } from '../../../state/session';
import { userActions as actions } from '../admin-actions';
import { ConfirmDialog } from '../lib/confirm-dialog';
import { fullName } from '../lib/format';
import { SelectField } from '../lib/select-field';
import type { AdminUser, AdminUserDetail } from '../lib/types';

type Action = 'deactivate' | 'reactivate' | 'suspend' | 'delete' | 'email' | 'role' | 'profile' | 'confirm';

/** The role an admin gets; 'General' (the SDK's MEMBER_ROLE) marks a member. */
const STAFF_ROLE = 'Admin';
const EDITABLE_FIELDS = [
  'first_name',
  'last_name',
  'city',
  'state',
  'country',
  'occupation',
  'about',
] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserActionsProps {
  user: AdminUserDetail;
  onChanged: (user: AdminUser) => void;
  /** Where to go once the user is deleted. */
  backHref: string;
}

export function UserActions({ user, onChanged, backHref }: UserActionsProps) {
  const [open, setOpen] = useState<Action | null>(null);
  const [, navigate] = useLocation();
  const id = userIdOf(user) ?? '';
  const name = fullName(user);
  const own = isOwnAccount(useSnapshot(sessionState).user, user);
  const close = () => setOpen(null);
  const changed = async (call: Promise<{ user: AdminUser; message: string }>, done: string) => {
    const answer = await call;
    onChanged(answer.user);
    return done;
  };

  return (
    <div className="admin-actions">
      {user.status !== 'active' ? (
        <Button variant="secondary" onClick={() => setOpen('reactivate')}>
          Reactivate
        </Button>
      ) : own ? null : (
        <Button variant="secondary" onClick={() => setOpen('deactivate')}>
          Deactivate
        </Button>
      )}
      {user.status !== 'suspended' && !own ? (
        <Button variant="secondary" onClick={() => setOpen('suspend')}>
          Suspend
        </Button>
      ) : null}
      {!user.confirmed ? (
        <Button variant="secondary" onClick={() => setOpen('confirm')}>
          Confirm account
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => setOpen('email')}>
        Change email
      </Button>
      {own ? null : (
        <Button variant="secondary" onClick={() => setOpen('role')}>
          Change role
        </Button>
      )}
      <Button variant="secondary" onClick={() => setOpen('profile')}>
        Edit profile
      </Button>
      {own ? (
        <p className="admin-actions__note" role="note">
          This is your account: you cannot deactivate, suspend or delete it, or change its role. Ask another
          admin to do it.
        </p>
      ) : (
        <Button variant="danger" onClick={() => setOpen('delete')} disabled={user.is_deleted}>
          Delete
        </Button>
      )}

      <ConfirmDialog
        open={open === 'deactivate'}
        title={`Deactivate ${name}?`}
        confirmLabel="Deactivate"
        onClose={close}
        onConfirm={() => changed(actions.deactivate(id), `${name} was deactivated`)}
      >
        <p>They can no longer use Matchmaker until their account is reactivated.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'reactivate'}
        title={`Reactivate ${name}?`}
        confirmLabel="Reactivate"
        onClose={close}
        onConfirm={() => changed(actions.reactivate(id), `${name} was reactivated`)}
      >
        <p>Their account becomes active again.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'suspend'}
        title={`Suspend ${name}?`}
        confirmLabel="Suspend"
        variant="danger"
        onClose={close}
        onConfirm={() => changed(actions.suspend(id), `${name} was suspended`)}
      >
        <p>They are signed out at their next action and cannot sign back in until reactivated.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'confirm'}
        title={`Confirm ${name}'s account?`}
        confirmLabel="Confirm account"
        onClose={close}
        onConfirm={() => changed(actions.confirm(id), `${name}'s account was confirmed`)}
      >
        <p>This marks their email address as confirmed.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        title={`Delete ${name}?`}
        confirmLabel="Delete"
        variant="danger"
        onClose={close}
        onConfirm={async () => {
          await actions.delete(id);
          navigate(backHref);
          return `${name} was deleted`;
        }}
      >
        <p>Their account is deleted. They can restore it only by reactivating it themselves.</p>
      </ConfirmDialog>
      {open === 'email' ? (
        <EmailDialog
          name={name}
          current={user.email}
          onClose={close}
          onConfirm={(email) =>
            changed(actions.changeEmail(id, { email }), `${name}'s email is now ${email}`)
          }
        />
      ) : null}
      {open === 'role' ? (
        <RoleDialog
          name={name}
          current={isAdmin(user) ? STAFF_ROLE : MEMBER_ROLE}
          onClose={close}
          onConfirm={(role) => changed(actions.changeRole(id, { role }), `${name}'s role is now ${role}`)}
        />
      ) : null}
      {open === 'profile' ? (
        <ProfileDialog
          user={user}
          onClose={close}
          onConfirm={(changes) => changed(actions.update(id, changes), `${name}'s profile was saved`)}
        />
      ) : null}
    </div>
  );
}

interface FormDialogProps<T> {
  onClose: () => void;
  onConfirm: (value: T) => Promise<string>;
}

function EmailDialog({
  name,
  current,
  onClose,
  onConfirm,
}: FormDialogProps<string> & { name: string; current: string }) {
  const [email, setEmail] = useState(current);
  const value = email.trim();
  const error =
    value && !EMAIL_PATTERN.test(value) ? 'Enter an email address such as name@example.com' : null;
  return (
    <ConfirmDialog
      open
      title={`Change ${name}'s email`}
      confirmLabel="Change email"
      onClose={onClose}
      invalid={!value || Boolean(error) || value === current}
      onConfirm={() => onConfirm(value)}
    >
      <TextField
        label="New email"
        type="email"
        autoComplete="off"
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
    </ConfirmDialog>
  );
}

function RoleDialog({
  name,
  current,
  onClose,
  onConfirm,
}: FormDialogProps<string> & { name: string; current: string }) {
  const [role, setRole] = useState(current);
  return (
    <ConfirmDialog
      open
      title={`Change ${name}'s role`}
      confirmLabel="Change role"
      onClose={onClose}
      invalid={role === current}
      onConfirm={() => onConfirm(role)}
    >
      <SelectField
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value)}
        options={[
          [MEMBER_ROLE, `Member (${MEMBER_ROLE})`],
          [STAFF_ROLE, `Staff (${STAFF_ROLE})`],
        ]}
      />
      <p>A member made staff loses access to the member areas; staff made a member loses the back office.</p>
    </ConfirmDialog>
  );
}

function ProfileDialog({
  user,
  onClose,
  onConfirm,
}: FormDialogProps<UpdateUserInput> & { user: AdminUserDetail }) {
  const initial = Object.fromEntries(
    EDITABLE_FIELDS.map((field) => [field, stringOf(user[field])]),
  ) as Record<EditableField, string>;
  const [values, setValues] = useState(initial);
  const changes: UpdateUserInput = {};
  for (const field of EDITABLE_FIELDS)
    if (values[field] !== initial[field]) changes[field] = values[field].trim();
  const nameMissing = !values.first_name.trim() || !values.last_name.trim();
  return (
    <ConfirmDialog
      open
      title={`Edit ${fullName(user)}'s profile`}
      confirmLabel="Save profile"
      onClose={onClose}
      invalid={Object.keys(changes).length === 0 || nameMissing}
      onConfirm={() => onConfirm(changes)}
    >
      <div className="admin-form-grid">
        {EDITABLE_FIELDS.map((field) => (
          <TextField
            key={field}
            label={field.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase())}
            autoComplete="off"
            value={values[field]}
            required={field === 'first_name' || field === 'last_name'}
            error={
              (field === 'first_name' || field === 'last_name') && !values[field].trim()
                ? 'This cannot be empty'
                : null
            }
            onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}
          />
        ))}
      </div>
    </ConfirmDialog>
  );
}

function stringOf(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

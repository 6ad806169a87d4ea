import type { SettingsAnswer } from '@matchmaker/sdk/schemas';
import { useId } from 'react';
import { Button, FormError } from '../../components/index';
import { describeError } from '../../lib/error-message';
import { useForm } from '../../lib/use-form';
import { intervalOptions } from './intervals';
import { saveSettings } from './preferences-state';

type SwitchKey =
  | 'allow_newsletter'
  | 'allow_unread_message_notifications'
  | 'allow_new_matches_notifications'
  | 'make_contact_info_visible'
  | 'make_profile_visible'
  | 'hide_basic_info';

interface SwitchSpec {
  key: SwitchKey;
  label: string;
  hint: string;
}

const NOTIFICATION_SWITCHES: readonly SwitchSpec[] = [
  {
    key: 'allow_unread_message_notifications',
    label: 'Unread messages',
    hint: 'Email me when a message waits for me.',
  },
  { key: 'allow_new_matches_notifications', label: 'New matches', hint: 'Email me about new matches.' },
  { key: 'allow_newsletter', label: 'Newsletter', hint: 'Send me news and stories from Matchmaker.' },
];

const PRIVACY_SWITCHES: readonly SwitchSpec[] = [
  {
    key: 'make_profile_visible',
    label: 'Show my profile',
    hint: 'Other members can find my profile in their recommendations.',
  },
  {
    key: 'make_contact_info_visible',
    label: 'Show my contact information',
    hint: 'My matches can see how to reach me outside Matchmaker.',
  },
  {
    key: 'hide_basic_info',
    label: 'Hide my basic information',
    hint: 'Hide my age and location from members I am not matched with.',
  },
];

type Draft = Record<SwitchKey, boolean> & {
  notification_interval: string;
};

function draftOf(settings: SettingsAnswer): Draft {
  return {
    allow_newsletter: settings.allow_newsletter,
    allow_unread_message_notifications: settings.allow_unread_message_notifications,
    allow_new_matches_notifications: settings.allow_new_matches_notifications,
    make_contact_info_visible: settings.make_contact_info_visible,
    make_profile_visible: settings.make_profile_visible,
    hide_basic_info: settings.hide_basic_info,
    notification_interval:
      settings.notification_interval === null ? '' : String(settings.notification_interval),
  };
}

function Switch({
  spec,
  checked,
  onChange,
}: {
  spec: SwitchSpec;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="switch">
      <input
        id={id}
        type="checkbox"
        className="switch__input"
        name={spec.key}
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="switch__label" htmlFor={id}>
        {spec.label}
      </label>
      <p className="switch__hint" id={`${id}-hint`}>
        {spec.hint}
      </p>
    </div>
  );
}

/** Every settings field of SPEC.md section 3, saved together with one button. */
export function SettingsForm({ settings }: { settings: SettingsAnswer }) {
  const intervalId = useId();
  const stored = draftOf(settings);
  const form = useForm({
    initial: stored,
    submit: (draft) =>
      saveSettings({
        ...draft,
        notification_interval: draft.notification_interval === '' ? null : draft.notification_interval,
      }),
    onSuccess: (saved) => form.reset(draftOf(saved)),
    successToast: 'Your settings are saved.',
    // Switches show no errors of their own: whatever the server refuses is said at the top.
    fields: [],
    failureMessage: (error) => describeError(error, 'Your settings could not be saved. Please try again.'),
    failureToast: true,
  });
  const draft = form.values;
  const changed = (Object.keys(draft) as (keyof Draft)[]).some((key) => draft[key] !== stored[key]);

  const switches = (specs: readonly SwitchSpec[]) =>
    specs.map((spec) => (
      <Switch
        key={spec.key}
        spec={spec}
        checked={draft[spec.key]}
        onChange={(value) => form.set(spec.key, value)}
      />
    ));

  return (
    <form
      className="card form settings-form"
      onSubmit={form.onSubmit}
      aria-labelledby="settings-heading"
      noValidate
    >
      <h2 id="settings-heading">Notifications and privacy</h2>
      <FormError message={form.errors.form} />
      <fieldset className="settings-form__group">
        <legend>Email notifications</legend>
        {switches(NOTIFICATION_SWITCHES)}
        <div className="field">
          <label className="field__label" htmlFor={intervalId}>
            How often to email me
          </label>
          <select
            id={intervalId}
            name="notification_interval"
            className="field__input"
            value={draft.notification_interval}
            onChange={(event) => form.set('notification_interval', event.target.value)}
          >
            {draft.notification_interval === '' ? <option value="">Default</option> : null}
            {intervalOptions(draft.notification_interval || null).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset className="settings-form__group">
        <legend>Privacy</legend>
        {switches(PRIVACY_SWITCHES)}
      </fieldset>
      <div className="settings-form__actions">
        <Button type="submit" busy={form.busy}>
          Save settings
        </Button>
        {changed ? <span className="settings-form__dirty">You have unsaved changes.</span> : null}
      </div>
    </form>
  );
}

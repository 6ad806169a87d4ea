import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ErrorState, PageHeading, Spinner } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { AccountClosure } from './account-closure';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { loadSettings, preferencesState } from './preferences-state';
import { SettingsForm } from './settings-form';
import { UsernameForm } from './username-form';

export function PreferencesPage() {
  const state = useSnapshot(preferencesState).settings;

  useEffect(() => {
    void loadSettings();
  }, []);

  return (
    <section className="page preferences">
      <PageHeading {...PAGE_FRAMES.preferences.settings} />
      <div className="preferences__grid">
        <div className="preferences__column">
          {state.status === 'error' ? (
            <ErrorState
              title="Your settings could not be loaded"
              message={state.error ?? 'Please try again.'}
              onRetry={() => void loadSettings()}
            />
          ) : state.data ? (
            // Keyed by the stored answer: a reload after saving elsewhere starts a fresh draft.
            <SettingsForm key={JSON.stringify(state.data)} settings={state.data} />
          ) : (
            <Spinner label="Loading your settings" />
          )}
        </div>
        <div className="preferences__column">
          <EmailForm />
          <UsernameForm />
          <PasswordForm />
        </div>
      </div>
      <AccountClosure />
    </section>
  );
}

/** A member's public profile: photos, profile fields, online status, and "Send match request". */
import { countryName, isCountryCode } from '@matchmaker/sdk/rules';
import { PROFILE_FIELDS, type ProfileField, type PublicProfileAnswer } from '@matchmaker/sdk/schemas';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { Button, ErrorState, PageHeading, Spinner } from '../../components/index';
import { describeError } from '../../lib/error-message';
import { fieldLabel, valueLabel } from '../../lib/profile-fields';
import { loadPublicProfile, sendMatchRequest } from './matches-state';
import { displayName, MemberPhoto, photoOf } from './member-summary';

/** Names, email and the country code are shown elsewhere (heading) or not at all. */
const HIDDEN: ReadonlySet<ProfileField> = new Set(['username', 'first_name', 'last_name', 'email']);

function valueText(field: ProfileField, profile: PublicProfileAnswer): string | null {
  const value = profile[field];
  if (field === 'country' && value !== null && value !== undefined && value !== '') {
    const code = profile.country_code ?? String(value);
    return isCountryCode(code.toUpperCase()) ? countryName(code) : String(value);
  }
  return valueLabel(field, value);
}

type View =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; profile: PublicProfileAnswer };

export default function MemberProfile() {
  const id = useParams<{ id: string }>().id ?? '';
  const [view, setView] = useState<View>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" reloads.
  useEffect(() => {
    const abort = new AbortController();
    setView({ state: 'loading' });
    setSent(false);
    loadPublicProfile(id, abort.signal).then(
      (profile) => setView({ state: 'ready', profile }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setView({ state: 'error', message: describeError(error, 'We could not load this profile.') });
      },
    );
    return () => abort.abort();
  }, [id, attempt]);

  if (view.state === 'loading') {
    return (
      <section className="page">
        <PageHeading title="Member profile" />
        <Spinner label="Loading the profile" />
      </section>
    );
  }
  if (view.state === 'error') {
    return (
      <section className="page">
        <PageHeading title="Member profile" />
        <ErrorState message={view.message} onRetry={() => setAttempt((n) => n + 1)} />
      </section>
    );
  }
  const { profile } = view;
  const name = displayName(profile);
  const images = (profile.images ?? []).filter((image) => !image.flagged);
  const fields = PROFILE_FIELDS.filter((field) => !HIDDEN.has(field))
    .map((field) => [field, valueText(field, profile)] as const)
    .filter((entry): entry is readonly [ProfileField, string] => entry[1] !== null);

  return (
    <section className="page member-profile">
      <PageHeading title={name}>
        <p className="presence">
          <span
            className={`presence__dot${profile.online ? ' presence__dot--online' : ''}`}
            aria-hidden="true"
          />
          {profile.online ? 'Online now' : 'Offline'}
        </p>
      </PageHeading>
      <div className="member-profile__layout">
        <div className="member-profile__photos">
          <MemberPhoto src={photoOf(profile, images)} name={name} size="lg" priority />
          {images.length > 1 ? (
            <ul className="photo-strip" aria-label={`Photos of ${name}`}>
              {images.slice(1).map((image) => (
                <li key={image.filename}>
                  <img
                    src={image.thumbnailUrl ?? image.imageUrl ?? ''}
                    alt={image.caption ?? name}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <Button
            block
            busy={sending}
            disabled={sent}
            onClick={async () => {
              setSending(true);
              const ok = await sendMatchRequest(profile.keycloakId);
              setSending(false);
              if (ok) setSent(true);
            }}
          >
            {sent ? 'Match request sent' : 'Send match request'}
          </Button>
        </div>
        <dl className="profile-fields">
          {fields.map(([field, value]) => (
            <div key={field} className={field === 'about' ? 'profile-fields__wide' : undefined}>
              <dt>{fieldLabel(field)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

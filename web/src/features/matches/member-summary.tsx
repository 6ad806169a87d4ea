/** How a member appears on a card: photo, name, age, place and faith, from their public profile. */
import { countryName, isCountryCode } from '@matchmaker/sdk/rules';
import type { Image, Recommendation } from '@matchmaker/sdk/schemas';

/** The other member as recommendations and match requests carry them (null once the account is gone). */
export type PublicProfile = NonNullable<Recommendation['metaData']['profile']>;

export function displayName(profile: PublicProfile | null | undefined): string {
  if (!profile) return 'A former member';
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return name || profile.username;
}

/** Whole years since `date_of_birth`, or null when it is missing or not a date. */
export function ageOf(dateOfBirth: unknown): number | null {
  if (typeof dateOfBirth !== 'string') return null;
  const born = new Date(dateOfBirth);
  if (Number.isNaN(born.getTime())) return null;
  const now = new Date();
  let age = now.getFullYear() - born.getFullYear();
  const birthday = new Date(now.getFullYear(), born.getMonth(), born.getDate());
  if (now < birthday) age--;
  return age >= 0 ? age : null;
}

/** The country's name through the SDK (the profile may carry a code or a name). */
export function placeOf(profile: PublicProfile): string {
  const code = profile.country_code ?? (typeof profile.country === 'string' ? profile.country : null);
  const country = isCountryCode(code?.toUpperCase())
    ? countryName(code)
    : typeof profile.country === 'string'
      ? profile.country
      : '';
  return [profile.city, country].filter((part) => typeof part === 'string' && part !== '').join(', ');
}

export function photoOf(
  profile: PublicProfile | null | undefined,
  images: readonly Image[] = [],
): string | null {
  const image = images.find((entry) => !entry.flagged && (entry.thumbnailUrl ?? entry.imageUrl));
  return image?.thumbnailUrl ?? image?.imageUrl ?? profile?.profilePhoto ?? null;
}

/**
 * `priority` for a photo that may be the screen's largest paint (the first cards, a profile's
 * photo): fetched at once and ahead of other images. The rest wait until they near the viewport.
 */
export function MemberPhoto({
  src,
  name,
  size = 'md',
  priority = false,
}: {
  src: string | null;
  name: string;
  size?: 'md' | 'lg';
  priority?: boolean;
}) {
  return src ? (
    <img
      className={`member-photo member-photo--${size}`}
      src={src}
      alt={name}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  ) : (
    <span
      className={`member-photo member-photo--${size} member-photo--none`}
      role="img"
      aria-label={`${name} has no photo`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function MemberFacts({ profile }: { profile: PublicProfile | null }) {
  if (!profile) return <p className="member-facts">This account no longer exists.</p>;
  const age = ageOf(profile.date_of_birth);
  const facts = [age === null ? null : `${age}`, placeOf(profile) || null, textOf(profile.religion)].filter(
    (fact): fact is string => Boolean(fact),
  );
  return <p className="member-facts">{facts.join(' · ')}</p>;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value ? value[0]?.toUpperCase() + value.slice(1) : null;
}

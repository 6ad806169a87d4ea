/** The profile area's sections; the current one is marked for assistive technology. */
import { useLocation } from 'wouter';
import { AppLink } from '../../components/index';
import { PATHS } from '../../config/paths';

const TABS = [
  { href: PATHS.profile, label: 'Details', match: '/' },
  { href: `${PATHS.profile}/photos`, label: 'Photos', match: '/photos' },
  { href: `${PATHS.profile}/verification`, label: 'Verification', match: '/verification' },
] as const;

export function ProfileTabs() {
  // Inside the nested area the location is relative to /profile.
  const [location] = useLocation();
  return (
    <nav className="profile-tabs" aria-label="Profile sections">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.href}>
            <AppLink
              href={tab.href}
              aria-current={location === tab.match ? 'page' : undefined}
              className="profile-tabs__link"
            >
              {tab.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

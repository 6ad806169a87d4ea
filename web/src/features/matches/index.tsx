/**
 * The matches area: recommendations (50 a page), pending match requests, mutual matches, and a
 * member's public profile. Routes inside are relative to the area (wouter `nest`).
 */
import { Route, Switch, useLocation } from 'wouter';
import { AppLink, NotFound, PageHeading } from '../../components/index';
import { PAGE_FRAMES, type PageFrame } from '../../config/page-frames';
import { SCREENS } from '../../config/route-patterns';
import { lazyScreen } from '../../lib/lazy';
import './matches.css';
import { MutualMatches } from './mutual';
import { Recommendations } from './recommendations';
import { MatchRequests } from './requests';

const MemberProfile = lazyScreen(() => import('./member-profile'));

const TABS = [
  { path: '/', href: '/matches', label: 'Recommendations' },
  { path: '/requests', href: '/matches/requests', label: 'Match requests' },
  { path: '/mutual', href: '/matches/mutual', label: 'Mutual matches' },
] as const;

function MatchesTabs() {
  const [location] = useLocation();
  return (
    <nav className="area-tabs" aria-label="Matches sections">
      {TABS.map((tab) => (
        <AppLink
          key={tab.path}
          href={tab.href}
          className="area-tabs__link"
          aria-current={location === tab.path ? 'page' : undefined}
        >
          {tab.label}
        </AppLink>
      ))}
    </nav>
  );
}

function MatchesPage({ frame, children }: { frame: PageFrame; children: React.ReactNode }) {
  return (
    <section className="page matches">
      <PageHeading {...frame} />
      <MatchesTabs />
      {children}
    </section>
  );
}

const screens = SCREENS.matches;
const frames = PAGE_FRAMES.matches;

export default function MatchesArea() {
  return (
    <Switch>
      <Route path={screens.recommendations}>
        <MatchesPage frame={frames.recommendations}>
          <Recommendations />
        </MatchesPage>
      </Route>
      <Route path={screens.requests}>
        <MatchesPage frame={frames.requests}>
          <MatchRequests />
        </MatchesPage>
      </Route>
      <Route path={screens.mutual}>
        <MatchesPage frame={frames.mutual}>
          <MutualMatches />
        </MatchesPage>
      </Route>
      <Route path={screens.member} component={MemberProfile} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

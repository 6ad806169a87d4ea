/**
 * The back office. It is its own chunk and nothing outside this folder imports it:
 * `pnpm --filter @matchmaker/web size` fails if its code reaches a member's chunks. Routes inside
 * are relative to /admin (wouter `nest`). The user screens are in the area's chunk; every other
 * section is a chunk of its own, loaded when opened (the size check holds the login page's first
 * load, which such splits once grew). The chart library is loaded later still, when a chart
 * first shows.
 */
import './admin.css';
import { useLayoutEffect, useRef } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { NotFound, PageHeading, Spinner } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { SCREENS } from '../../config/route-patterns';
import { lazyScreen, ScreenFallback } from '../../lib/lazy';
import CreateUserPage from './users/create-user';
import UserDetailPage from './users/user-detail';
import UsersPage from './users/users-page';

export const SECTIONS = [
  { path: '/users', label: 'Users', about: 'Search members and staff, act on an account, create one.' },
  { path: '/kyc', label: 'KYC', about: 'Review identity verification requests and their documents.' },
  { path: '/images', label: 'Flagged images', about: 'Keep or remove images members reported.' },
  { path: '/features', label: 'Features', about: 'Switch features and subfeatures on and off.' },
  { path: '/analytics', label: 'Analytics', about: 'Users, visits and matches over a date range.' },
  { path: '/logs', label: 'Logs', about: "A user's activity and the visit log." },
  { path: '/referrals', label: 'Referrals', about: 'Who brought whom, by username.' },
] as const;

/**
 * Scrolls the row of section links (one row that scrolls sideways on a phone) so that the current
 * section's link is in view, clear of the shade at the row's edge (admin.css) where the row has
 * room for that, without moving the page: on a phone the admin otherwise did not see which
 * section they were in (Referrals, the last). So is a link Tab reaches.
 */
function keepInView(row: HTMLElement, link: HTMLElement): void {
  if (row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const box = link.getBoundingClientRect();
  const clear = Math.max(
    0,
    Math.min(Number.parseFloat(getComputedStyle(row).fontSize) * 2, (rowBox.width - box.width) / 2),
  );
  if (box.left < rowBox.left + clear) row.scrollLeft -= rowBox.left + clear - box.left;
  else if (box.right > rowBox.right - clear) row.scrollLeft += box.right - (rowBox.right - clear);
}

function AdminNav() {
  const [location] = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On each navigation, and when the row's size changes (a phone turned, the text made larger),
  // unless the admin has moved along the row themselves since (a wheel, a touch, the scrollbar,
  // Tab to another link): they keep their place (a window 2 px wider once sprang it back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation may change the current link.
  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    const show = () => {
      const link = row.querySelector<HTMLElement>('[aria-current="page"]');
      if (link) keepInView(row, link);
    };
    show();
    let theirs = false;
    const moved = () => {
      theirs = true;
    };
    const inputs = ['wheel', 'pointerdown', 'touchstart'] as const;
    for (const input of inputs) row.addEventListener(input, moved, { passive: true });
    // Focus moved along the row is theirs too. A link Tab reaches is shown whole, clear of the
    // shaded edge: Chromium left Features and Referrals half outside the row (it scrolls a focused
    // element only when none of it shows). Not one a pointer presses: moved from under it before
    // the release, it was never clicked.
    const focused = (event: FocusEvent) => {
      moved();
      const link = event.target;
      if (link instanceof HTMLElement && link.matches(':focus-visible')) keepInView(row, link);
    };
    row.addEventListener('focusin', focused);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => theirs || show()) : null;
    observer?.observe(row);
    return () => {
      for (const input of inputs) row.removeEventListener(input, moved);
      row.removeEventListener('focusin', focused);
      observer?.disconnect();
    };
  }, [location]);
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul className="admin-nav__list" ref={list}>
        {SECTIONS.map((section) => {
          const current = location === section.path || location.startsWith(`${section.path}/`);
          return (
            <li key={section.path}>
              <Link
                href={section.path}
                className={current ? 'admin-nav__link admin-nav__link--current' : 'admin-nav__link'}
                aria-current={current ? 'page' : undefined}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AdminHome() {
  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.home} />
      <ul className="admin-home">
        {SECTIONS.map((section) => (
          <li key={section.path} className="admin-home__item">
            <Link href={section.path} className="admin-home__link">
              {section.label}
            </Link>
            <p>{section.about}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The user screens, where most visits start, are in the area's chunk; the other sections load
// when opened, so /admin/users does not download the image review, KYC, analytics and logs.
const AnalyticsPage = lazyScreen(() => import('./analytics/analytics-page'));
const FeaturesPage = lazyScreen(() => import('./features/features-page'));
const FlaggedImagesPage = lazyScreen(() => import('./images/flagged-images'));
const KycMetricsPage = lazyScreen(() => import('./kyc/kyc-metrics'));
const KycQueuePage = lazyScreen(() => import('./kyc/kyc-queue'));
const KycRequestPage = lazyScreen(() => import('./kyc/kyc-request'));
const LogsPage = lazyScreen(() => import('./logs/logs-page'));
const ReferralsPage = lazyScreen(() => import('./referrals/referrals-page'));

const screens = SCREENS.admin;

export default function AdminArea() {
  return (
    <div className="admin">
      <AdminNav />
      <div className="admin__main">
        <ScreenFallback fallback={<Spinner label="Loading the section" />}>
          <Switch>
            <Route path={screens.home} component={AdminHome} />
            <Route path={screens.users} component={UsersPage} />
            <Route path={screens.newUser} component={CreateUserPage} />
            <Route path={screens.user} component={UserDetailPage} />
            <Route path={screens.kyc} component={KycQueuePage} />
            <Route path={screens.kycMetrics} component={KycMetricsPage} />
            <Route path={screens.kycRequest} component={KycRequestPage} />
            <Route path={screens.images} component={FlaggedImagesPage} />
            <Route path={screens.features} component={FeaturesPage} />
            <Route path={screens.analytics} component={AnalyticsPage} />
            <Route path={screens.logs} component={LogsPage} />
            <Route path={screens.referrals} component={ReferralsPage} />
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </ScreenFallback>
      </div>
    </div>
  );
}

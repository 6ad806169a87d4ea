/**
 * The back office. It is its own chunk and nothing outside this folder imports it:
 * `pnpm --filter @matchmaker/web size` fails if its code reaches a member's chunks. Routes inside
 * are relative to /admin (wouter `nest`); each section is a further lazy chunk, so opening one
 * section does not download the others (nor the chart library, until a chart is shown).
 */
import './admin.css';
import { Suspense } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { NotFound, PageHeading, Spinner } from '../../components/index';
import { lazyScreen } from '../../lib/lazy';

const UsersPage = lazyScreen(() => import('./users/users-page'));
const UserDetailPage = lazyScreen(() => import('./users/user-detail'));
const CreateUserPage = lazyScreen(() => import('./users/create-user'));
const KycQueuePage = lazyScreen(() => import('./kyc/kyc-queue'));
const KycRequestPage = lazyScreen(() => import('./kyc/kyc-request'));
const KycMetricsPage = lazyScreen(() => import('./kyc/kyc-metrics'));
const FlaggedImagesPage = lazyScreen(() => import('./images/flagged-images'));
const FeaturesPage = lazyScreen(() => import('./features/features-page'));
const AnalyticsPage = lazyScreen(() => import('./analytics/analytics-page'));
const LogsPage = lazyScreen(() => import('./logs/logs-page'));
const ReferralsPage = lazyScreen(() => import('./referrals/referrals-page'));

export const SECTIONS = [
  { path: '/users', label: 'Users', about: 'Search members and staff, act on an account, create one.' },
  { path: '/kyc', label: 'KYC', about: 'Review identity verification requests and their documents.' },
  { path: '/images', label: 'Flagged images', about: 'Keep or remove images members reported.' },
  { path: '/features', label: 'Features', about: 'Switch features and subfeatures on and off.' },
  { path: '/analytics', label: 'Analytics', about: 'Users, visits and matches over a date range.' },
  { path: '/logs', label: 'Logs', about: "A user's activity and the visit log." },
  { path: '/referrals', label: 'Referrals', about: 'Who brought whom, by username.' },
] as const;

function AdminNav() {
  const [location] = useLocation();
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul className="admin-nav__list">
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
      <PageHeading title="Back office">
        <p>Keep members safe and the service running.</p>
      </PageHeading>
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

export default function AdminArea() {
  return (
    <div className="admin">
      <AdminNav />
      <div className="admin__main">
        <Suspense fallback={<Spinner label="Loading the section" />}>
          <Switch>
            <Route path="/" component={AdminHome} />
            <Route path="/users" component={UsersPage} />
            <Route path="/users/new" component={CreateUserPage} />
            <Route path="/users/:id" component={UserDetailPage} />
            <Route path="/kyc" component={KycQueuePage} />
            <Route path="/kyc/metrics" component={KycMetricsPage} />
            <Route path="/kyc/:userId/:requestId" component={KycRequestPage} />
            <Route path="/images" component={FlaggedImagesPage} />
            <Route path="/features" component={FeaturesPage} />
            <Route path="/analytics" component={AnalyticsPage} />
            <Route path="/logs" component={LogsPage} />
            <Route path="/referrals" component={ReferralsPage} />
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </div>
    </div>
  );
}

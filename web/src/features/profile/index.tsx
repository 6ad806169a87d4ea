/**
 * The profile area (the rest of issue 13 fills editing, photos and verification). Routes inside
 * are relative to /profile (wouter `nest`).
 */
import { missingProfileFields, profileCompletion } from '@matchmaker/sdk';
import { useSnapshot } from 'valtio';
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';
import { sessionState } from '../../state/session';

function ProfileHome() {
  const { user } = useSnapshot(sessionState);
  if (!user) return null;
  const percent = profileCompletion(user);
  const missing = missingProfileFields(user);
  return (
    <section className="page">
      <PageHeading title="Your profile">
        <p>
          {user.first_name} {user.last_name}
        </p>
      </PageHeading>
      <div className="card">
        <p>
          Your profile is <strong data-testid="profile-completion">{percent}%</strong> complete.
        </p>
        <progress className="meter" max={100} value={percent} aria-label="Profile completion" />
        {missing.length > 0 ? (
          <p>Still missing: {missing.map((field) => field.replaceAll('_', ' ')).join(', ')}.</p>
        ) : null}
      </div>
    </section>
  );
}

export default function ProfileArea() {
  return (
    <Switch>
      <Route path="/" component={ProfileHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

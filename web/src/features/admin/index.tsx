/**
 * The back office (issue 15 fills its sections). It is its own chunk and nothing outside this
 * folder imports it: `pnpm --filter @matchmaker/web size` fails if its code reaches a member's
 * chunks. Routes inside are relative to /admin (wouter `nest`).
 */
import { useSnapshot } from 'valtio';
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';
import { sessionState } from '../../state/session';

function AdminHome() {
  const { user } = useSnapshot(sessionState);
  return (
    <section className="page">
      <PageHeading title="Back office">
        <p>Signed in as {user?.username ?? user?.email ?? 'staff'}.</p>
      </PageHeading>
    </section>
  );
}

export default function AdminArea() {
  return (
    <Switch>
      <Route path="/" component={AdminHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

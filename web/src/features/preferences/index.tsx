/**
 * The preferences area (issue 14 fills its screens). Routes inside are relative to the area (wouter
 * `nest`); unknown sub-paths show the not-found page.
 */
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';

function PreferencesAreaHome() {
  return (
    <section className="page">
      <PageHeading title="Preferences and settings">
        <p>How Matchmaker contacts you, who can see your profile, and your account settings.</p>
      </PageHeading>
    </section>
  );
}

export default function PreferencesArea() {
  return (
    <Switch>
      <Route path="/" component={PreferencesAreaHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/**
 * The matches area (issue 14 fills its screens). Routes inside are relative to the area (wouter
 * `nest`); unknown sub-paths show the not-found page.
 */
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';

function MatchesAreaHome() {
  return (
    <section className="page">
      <PageHeading title="Matches">
        <p>Recommendations chosen for you, match requests and your mutual matches.</p>
      </PageHeading>
    </section>
  );
}

export default function MatchesArea() {
  return (
    <Switch>
      <Route path="/" component={MatchesAreaHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

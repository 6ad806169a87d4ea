/**
 * The messages area (issue 14 fills its screens). Routes inside are relative to the area (wouter
 * `nest`); unknown sub-paths show the not-found page.
 */
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';

function MessagesAreaHome() {
  return (
    <section className="page">
      <PageHeading title="Messages">
        <p>Conversations with your mutual matches.</p>
      </PageHeading>
    </section>
  );
}

export default function MessagesArea() {
  return (
    <Switch>
      <Route path="/" component={MessagesAreaHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/**
 * The notifications area (issue 14 fills its screens). Routes inside are relative to the area (wouter
 * `nest`); unknown sub-paths show the not-found page.
 */
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';

function NotificationsAreaHome() {
  return (
    <section className="page">
      <PageHeading title="Notifications">
        <p>Match requests, messages and account news, newest first.</p>
      </PageHeading>
    </section>
  );
}

export default function NotificationsArea() {
  return (
    <Switch>
      <Route path="/" component={NotificationsAreaHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

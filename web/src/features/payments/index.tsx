/**
 * The payments area (issue 14 fills its screens). Routes inside are relative to the area (wouter
 * `nest`); unknown sub-paths show the not-found page.
 */
import { Route, Switch } from 'wouter';
import { NotFound, PageHeading } from '../../components/index';

function PaymentsAreaHome() {
  return (
    <section className="page">
      <PageHeading title="Plans and subscription">
        <p>Your current plan and the plans you can choose.</p>
      </PageHeading>
    </section>
  );
}

export default function PaymentsArea() {
  return (
    <Switch>
      <Route path="/" component={PaymentsAreaHome} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

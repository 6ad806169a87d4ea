/** The public area: the landing page, the five religion pages, and not-found for anything else. */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { LandingPage } from './landing-page';
import { ReligionPage } from './religion-page';

export default function PublicArea() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/faith/:religion/marriage/singles">
        {(params) => <ReligionPage religion={params.religion} />}
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/** The public area: the landing page, the five religion pages, and not-found for anything else. */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { SCREENS } from '../../config/route-patterns';
import { LandingPage } from './landing-page';
import { ReligionPage } from './religion-page';

const screens = SCREENS.public;

export default function PublicArea() {
  return (
    <Switch>
      <Route path={screens.landing} component={LandingPage} />
      <Route path={screens.religion}>{(params) => <ReligionPage religion={params.religion} />}</Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

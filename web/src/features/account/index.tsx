/**
 * The account area (/account/...). Routes are relative to /account (wouter `nest`). Add the
 * account screens (register, confirm, forgot and reset password, reactivate) here.
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { LoginPage } from './login-page';

export default function AccountArea() {
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

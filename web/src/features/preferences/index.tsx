/**
 * The preferences area (/preferences): settings, password, email and username changes, and closing
 * the account. The emailed links of the email and username changes land on /change-email and
 * /change-username here. Routes inside are relative to the area (wouter `nest`).
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { ConfirmEmailChange, ConfirmUsernameChange } from './confirm-change';
import './preferences.css';
import { PreferencesPage } from './preferences-page';

export default function PreferencesArea() {
  return (
    <Switch>
      <Route path="/" component={PreferencesPage} />
      <Route path="/change-email" component={ConfirmEmailChange} />
      <Route path="/change-username" component={ConfirmUsernameChange} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/**
 * The preferences area (/preferences): settings, password, email and username changes, and closing
 * the account. The emailed links of the email and username changes land on /change-email and
 * /change-username here. Routes inside are relative to the area (wouter `nest`).
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { SCREENS } from '../../config/route-patterns';
import { ConfirmEmailChange, ConfirmUsernameChange } from './confirm-change';
import './preferences.css';
import { PreferencesPage } from './preferences-page';

const screens = SCREENS.preferences;

export default function PreferencesArea() {
  return (
    <Switch>
      <Route path={screens.settings} component={PreferencesPage} />
      <Route path={screens.changeEmail} component={ConfirmEmailChange} />
      <Route path={screens.changeUsername} component={ConfirmUsernameChange} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/**
 * The account area (/account/...). Routes are relative to /account (wouter `nest`). Only the login
 * page is in the area's first chunk (it counts against the login budget); every other screen loads
 * when it is opened.
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { lazyScreen } from '../../lib/lazy';
import { LoginPage } from './login-page';

const RegisterPage = lazyScreen(() => import('./register-page'));
const VerifyEmailPage = lazyScreen(() => import('./verify-email-page'));
const ConfirmPage = lazyScreen(() => import('./confirm-page'));
const ForgotPasswordPage = lazyScreen(() => import('./forgot-password-page'));
const ResetPasswordPage = lazyScreen(() => import('./reset-password-page'));
const ReactivatePage = lazyScreen(() => import('./reactivate-page'));
const SocialCallbackPage = lazyScreen(() => import('./social-callback-page'));

export default function AccountArea() {
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/confirm" component={ConfirmPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/reactivate" component={ReactivatePage} />
      <Route path="/social-callback" component={SocialCallbackPage} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

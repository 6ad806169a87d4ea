/**
 * The account area (/account/...). Routes are relative to /account (wouter `nest`). Only the login
 * page is in the area's first chunk (it counts against the login budget); every other screen loads
 * when it is opened, and the register form (`register-screen.tsx`) on its own address beside the
 * area's chunk (the route table's `below`).
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { SCREENS } from '../../config/route-patterns';
import { lazyScreen } from '../../lib/lazy';
import { LoginPage } from './login-page';

const RegisterPage = lazyScreen(() => import('./register-screen'));
/** For the route table: on the register form's address the area renders once the form is here too. */
export const belowScreen = RegisterPage;
const VerifyEmailPage = lazyScreen(() => import('./verify-email-page'));
const ConfirmPage = lazyScreen(() => import('./confirm-page'));
const ForgotPasswordPage = lazyScreen(() => import('./forgot-password-page'));
const ResetPasswordPage = lazyScreen(() => import('./reset-password-page'));
const ReactivatePage = lazyScreen(() => import('./reactivate-page'));
const SocialCallbackPage = lazyScreen(() => import('./social-callback-page'));

const screens = SCREENS.account;

export default function AccountArea() {
  return (
    <Switch>
      <Route path={screens.login} component={LoginPage} />
      <Route path={screens.register} component={RegisterPage} />
      <Route path={screens.verifyEmail} component={VerifyEmailPage} />
      <Route path={screens.confirm} component={ConfirmPage} />
      <Route path={screens.forgotPassword} component={ForgotPasswordPage} />
      <Route path={screens.resetPassword} component={ResetPasswordPage} />
      <Route path={screens.reactivate} component={ReactivatePage} />
      <Route path={screens.socialCallback} component={SocialCallbackPage} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/**
 * The profile area (/profile): details (the 24 fields and completion), photos and identity
 * verification. Routes inside are relative to /profile (wouter `nest`); each screen loads lazily.
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { SCREENS } from '../../config/route-patterns';
import { lazyScreen } from '../../lib/lazy';
import './profile.css';

const ProfilePage = lazyScreen(() => import('./profile-page'));
const PhotosPage = lazyScreen(() => import('./photos-page'));
const VerificationPage = lazyScreen(() => import('./verification-page'));

const screens = SCREENS.profile;

export default function ProfileArea() {
  return (
    <Switch>
      <Route path={screens.details} component={ProfilePage} />
      <Route path={screens.photos} component={PhotosPage} />
      <Route path={screens.verification} component={VerificationPage} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

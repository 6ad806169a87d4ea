/**
 * The profile area (/profile): details (the 24 fields and completion), photos and identity
 * verification. Routes inside are relative to /profile (wouter `nest`); each screen loads lazily.
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { lazyScreen } from '../../lib/lazy';
import './profile.css';

const ProfilePage = lazyScreen(() => import('./profile-page'));
const PhotosPage = lazyScreen(() => import('./photos-page'));
const VerificationPage = lazyScreen(() => import('./verification-page'));

export default function ProfileArea() {
  return (
    <Switch>
      <Route path="/" component={ProfilePage} />
      <Route path="/photos" component={PhotosPage} />
      <Route path="/verification" component={VerificationPage} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/**
 * The back office's start-up: a session that starts on the user list asks for its search as soon
 * as user info says an admin is signed in, beside the back office's chunk, rather than once that
 * chunk, its imports and the screen's render are done (issue 24's waterfall). Loaded beside the
 * client on a back-office page, else once user info says an admin is signed in (the route table's
 * FEATURE_STARTUPS); its work runs only for an admin.
 */
import { onAdminStart } from '../../state/session-start';
import { readParams } from './lib/url-state';
import { prefetchUsers, usersQuery } from './users/users-query';

onAdminStart(({ path }) => {
  const [pathname = '', search = ''] = path.split(/[?#]/);
  if (pathname.toLowerCase().replace(/\/+$/, '') !== '/admin/users') return;
  prefetchUsers(usersQuery(readParams(new URLSearchParams(search))));
});

/**
 * One user for staff: profile, photos, subscription, verification status, activity logs and
 * visits, with every account action. `?from=` keeps the search the admin came from, so "Back to
 * users" returns to the same filters and page.
 */
import { isAdmin, userIdOf } from '@matchmaker/sdk/rules';
import { PROFILE_FIELDS } from '@matchmaker/sdk/schemas';
import { Link, useParams } from 'wouter';
import { PageHeading } from '../../../components/index';
import { getUser, getUserLogs, searchVisits } from '../admin-actions';
import { formatDate, formatDateTime, fullName } from '../lib/format';
import { RemoteView } from '../lib/remote-view';
import { ACCOUNT_STATUS_LABELS, type AdminUserDetail, KYC_STATUS_LABELS } from '../lib/types';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';
import { UserActions } from './user-actions';

export default function UserDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const url = useUrlState();
  const from = url.get('from');
  const remote = useRemote(`user:${id}`, (signal) => getUser(id, signal));
  const backHref = from ? `/users?${from}` : '/users';
  const name = remote.state.data ? fullName(remote.state.data) : 'User';

  return (
    <section className="admin-page">
      <p className="admin-back">
        <Link href={backHref}>← Back to users</Link>
      </p>
      <PageHeading title={name} />
      <RemoteView remote={remote} label="the user">
        {(user) => (
          <>
            <UserActions
              user={user}
              onChanged={(changed) => remote.update((previous) => ({ ...previous, ...changed }))}
              backHref={backHref}
            />
            <UserSummary user={user} />
            <UserPhotos user={user} />
            <UserActivity id={id} />
          </>
        )}
      </RemoteView>
    </section>
  );
}

function UserSummary({ user }: { user: AdminUserDetail }) {
  const profile = PROFILE_FIELDS.map((field) => [field, user[field]] as const).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  return (
    <div className="admin-grid">
      <section className="admin-card" aria-labelledby="user-account">
        <h2 id="user-account">Account</h2>
        <dl className="admin-facts">
          <dt>Status</dt>
          <dd>
            {ACCOUNT_STATUS_LABELS[user.status]}
            {user.is_deleted ? ' (deleted)' : ''}
          </dd>
          <dt>Confirmed</dt>
          <dd>{user.confirmed ? 'Yes' : 'No'}</dd>
          <dt>Role</dt>
          <dd>
            {isAdmin(user) ? 'Staff' : 'Member'} ({user.roles.join(', ')})
          </dd>
          <dt>Id</dt>
          <dd className="admin-table__break">{userIdOf(user) ?? '—'}</dd>
          <dt>Joined</dt>
          <dd>{formatDateTime(user.created_at)}</dd>
          <dt>Last login</dt>
          <dd>{formatDateTime(user.last_login_at)}</dd>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="user-subscription">
        <h2 id="user-subscription">Subscription and verification</h2>
        <dl className="admin-facts">
          <dt>Subscription</dt>
          <dd>
            {user.subscription
              ? `${user.subscription.plan_name ?? user.subscription.plan_id} (${user.subscription.status})`
              : 'None'}
          </dd>
          {user.subscription?.expires_at ? (
            <>
              <dt>Renews or ends</dt>
              <dd>{formatDate(user.subscription.expires_at)}</dd>
            </>
          ) : null}
          <dt>Identity verification</dt>
          <dd>{user.kyc_status ? KYC_STATUS_LABELS[user.kyc_status] : 'Never asked'}</dd>
        </dl>
      </section>
      <section className="admin-card admin-card--wide" aria-labelledby="user-profile">
        <h2 id="user-profile">Profile</h2>
        {profile.length === 0 ? (
          <p>No profile details yet.</p>
        ) : (
          <dl className="admin-facts admin-facts--columns">
            {profile.map(([field, value]) => (
              <div key={field} className="admin-facts__pair">
                <dt>{field.replaceAll('_', ' ')}</dt>
                <dd>{String(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}

function UserPhotos({ user }: { user: AdminUserDetail }) {
  const images = user.images ?? [];
  return (
    <section className="admin-card" aria-labelledby="user-photos">
      <h2 id="user-photos">Photos</h2>
      {images.length === 0 ? (
        <p>No photos.</p>
      ) : (
        <ul className="admin-photos">
          {images.map((image, index) => {
            const src = image.thumbnailUrl ?? image.imageUrl;
            return (
              <li key={image.filename} className="admin-photos__item">
                {src ? (
                  <img
                    src={src}
                    alt={`${image.image_type} ${index + 1} of ${fullName(user)}`}
                    loading="lazy"
                  />
                ) : (
                  <span className="admin-photos__none">No preview</span>
                )}
                <span className="admin-photos__caption">
                  {image.image_type}
                  {image.flagged ? ' · flagged' : ''}
                  {image.is_public === false ? ' · private' : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function UserActivity({ id }: { id: string }) {
  const logs = useRemote(`logs:${id}`, (signal) => getUserLogs(id, signal));
  const visits = useRemote(`visits:${id}`, (signal) =>
    searchVisits({ page: 1, filters: { user_id: id } }, signal),
  );
  return (
    <div className="admin-grid">
      <section className="admin-card" aria-labelledby="user-logs">
        <h2 id="user-logs">Activity log</h2>
        <RemoteView remote={logs} label="activity" isEmpty={(data) => data.logs.length === 0}>
          {(data) => (
            <ol className="admin-log">
              {data.logs.slice(0, 20).map((log) => (
                <li key={log.id}>
                  <strong>{log.action}</strong> <span>{formatDateTime(log.created_at)}</span>
                  {log.detail ? <span className="admin-muted"> · {log.detail}</span> : null}
                </li>
              ))}
            </ol>
          )}
        </RemoteView>
        <Link href={`/logs?user=${encodeURIComponent(id)}`}>All logs and visits of this user</Link>
      </section>
      <section className="admin-card" aria-labelledby="user-visits">
        <h2 id="user-visits">Recent visits</h2>
        <RemoteView remote={visits} label="visits" isEmpty={(data) => data.visits.length === 0}>
          {(data) => (
            <ol className="admin-log">
              {data.visits.map((visit) => (
                <li key={visit.id}>
                  <strong>{visit.path}</strong> <span>{formatDateTime(visit.created_at)}</span>
                  <span className="admin-muted">
                    {' '}
                    · {[visit.device, visit.browser, visit.city, visit.country].filter(Boolean).join(', ')}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </RemoteView>
      </section>
    </div>
  );
}

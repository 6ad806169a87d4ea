/**
 * The notifications area: the list with the sender's photo, open one (its related item), mark all
 * read, delete. The badge and the live toasts run for the whole session (notifications-state.ts).
 */
import type { Notification } from '@matchmaker/sdk/schemas';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useLocation } from 'wouter';
import { Button, EmptyState, ErrorState, NotFound, PageHeading, Spinner } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { PATHS } from '../../config/paths';
import { SCREENS } from '../../config/route-patterns';
import {
  deleteNotification,
  loadNotifications,
  markAllRead,
  markRead,
  notificationsState,
  startNotifications,
} from './notifications-state';
import './notifications.css';

/** Where a notification's related item is shown. */
function targetOf(item: Notification): string | null {
  switch (item.type) {
    case 'MATCH_REQUEST':
      return `${PATHS.matches}/requests`;
    case 'MATCH_ACCEPTED':
      return `${PATHS.matches}/mutual`;
    case 'NEW_MESSAGE':
      return PATHS.messages;
    case 'KYC':
      return PATHS.profile;
    default:
      return null;
  }
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function NotificationsList() {
  const snap = useSnapshot(notificationsState);
  const list = snap.list;
  const items = list.data ?? [];
  const [, navigate] = useLocation();
  useEffect(() => {
    startNotifications();
    void loadNotifications(notificationsState.list.status === 'ready');
  }, []);

  let body: React.ReactNode;
  if (list.status === 'idle' || (list.status === 'loading' && items.length === 0)) {
    body = <Spinner label="Loading notifications" />;
  } else if (list.status === 'error') {
    body = <ErrorState message={list.error ?? ''} onRetry={() => void loadNotifications()} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState title="No notifications">
        <p>Match requests, new matches and messages will appear here.</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="notifications" aria-label="Notifications">
        {items.map((item) => {
          const target = targetOf(item);
          return (
            <li key={item.id} className={`notification${item.read ? '' : ' notification--unread'}`}>
              {item.profilePhoto ? (
                <img className="notification__photo" src={item.profilePhoto} alt="" />
              ) : (
                <span className="notification__photo notification__photo--none" aria-hidden="true" />
              )}
              <div className="notification__body">
                <p className="notification__text">
                  {item.read ? null : <span className="visually-hidden">Unread: </span>}
                  {item.body}
                </p>
                <time className="notification__time" dateTime={item.created_at}>
                  {when.format(new Date(item.created_at))}
                </time>
              </div>
              <div className="notification__actions">
                {target ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      void markRead(item);
                      navigate(`~${target}`);
                    }}
                  >
                    Open<span className="visually-hidden">: {item.body}</span>
                  </Button>
                ) : null}
                <Button variant="ghost" onClick={() => void deleteNotification(item)}>
                  Delete<span className="visually-hidden">: {item.body}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  const unread = items.some((item) => !item.read);
  return (
    <section className="page">
      <PageHeading {...PAGE_FRAMES.notifications.list} />
      {list.status === 'ready' && items.length > 0 ? (
        <div className="notifications__toolbar">
          <Button variant="secondary" busy={snap.busy} disabled={!unread} onClick={() => void markAllRead()}>
            Mark all read
          </Button>
        </div>
      ) : null}
      {body}
    </section>
  );
}

const screens = SCREENS.notifications;

export default function NotificationsArea() {
  return (
    <Switch>
      <Route path={screens.list} component={NotificationsList} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

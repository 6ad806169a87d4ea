/** Reads of the sandbox's state that the feature tests check their screens against. */
import type { TestApp } from '../harness/browser';

export function sandboxUser(app: TestApp, email: string) {
  const user = app.sandbox.world.store.userByEmail(email);
  if (!user) throw new Error(`no sandbox user ${email}`);
  return user;
}

/** A member's notifications as the sandbox holds them, read or not. */
export function sandboxNotifications(app: TestApp, email: string) {
  const id = sandboxUser(app, email).keycloakId;
  return app.sandbox.world.store.data.notifications.filter((entry) => entry.user_id === id);
}

/** The newest email of a kind to an address, as the sandbox outbox holds it. */
export function sandboxMail(app: TestApp, to: string, kind: string) {
  const mail = app.sandbox.world.store.data.outbox.find((entry) => entry.to === to && entry.kind === kind);
  if (!mail) throw new Error(`no ${kind} email to ${to}`);
  return mail;
}

/** Reads of the sandbox's state that the feature tests check their screens against. */
import type { TestApp } from '../harness/browser';

export function sandboxUser(app: TestApp, email: string) {
  const user = app.sandbox.world.store.userByEmail(email);
  if (!user) throw new Error(`no sandbox user ${email}`);
  return user;
}

/** A member's name as the app shows it: first and last, the ones the member gave. */
export function sandboxFullName(app: TestApp, email: string): string {
  const user = sandboxUser(app, email);
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** The path of the room of two demo members (member1 and member2's holds 5,000 messages). */
export function sandboxRoomPath(app: TestApp, email: string, other: string): string {
  const room = app.sandbox.world.store.roomBetween(
    sandboxUser(app, email).keycloakId,
    sandboxUser(app, other).keycloakId,
  );
  if (!room) throw new Error(`the sandbox has no room of ${email} with ${other}`);
  return `/messages/${room.id}`;
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

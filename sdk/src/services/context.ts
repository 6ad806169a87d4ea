import type { Tokens } from '../schemas/auth';
import type { User } from '../schemas/user';
import type { LogoutReason } from '../session/session';
import type { Transport } from '../transport/types';

/** The session operations services may use (login keeps tokens, user info keeps the user). */
export interface ServiceSession {
  /** Stores fresh tokens after login; starts a new session generation. */
  setTokens(tokens: Tokens): Promise<void>;
  /** Keeps the logged-in user (roles, is_deleted, profile) on `client.session.user`. */
  setUser(user: User): void;
  /** Ends the session (calls the logout endpoint, clears tokens and caches, emits `logout`). */
  logout(reason?: LogoutReason): Promise<void>;
  /** The logged-in user, when user info has been loaded. */
  readonly user: User | null;
}

export interface ServiceContext {
  transport: Transport;
  session: ServiceSession;
}

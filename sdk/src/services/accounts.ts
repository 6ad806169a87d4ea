import { accountsEndpoints as e } from '../endpoints/accounts';
import type { CallOptions } from '../endpoints/define';
import type {
  BulkUsersInput,
  ChangeEmailInput,
  ChangePasswordInput,
  ChangeUsernameInput,
  ConfirmInput,
  EmailInput,
  InitiateEmailChangeInput,
  LocationUpdateInput,
  OauthUpdateInput,
  RegisterInput,
  ResetPasswordInput,
  UsernameInput,
} from '../schemas/accounts';
import { type LoginInput, type RefreshInput, toTokens } from '../schemas/auth';
import type { Id } from '../schemas/common';
import type { ServiceContext } from './context';

/** Accounts of /api/usermgmt/v2/accounts: registration, login, profile look-ups and account changes. */
export function createAccountsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Registers a new member account. */
    register: (body: RegisterInput, options?: CallOptions) => transport.call(e.register, { body }, options),

    /** Completes an account created through social sign-in. */
    oauthUpdate: (body: OauthUpdateInput, options?: CallOptions) =>
      transport.call(e.oauthUpdate, { body }, options),

    /** Checks a username (`{ username }`) before it is taken. */
    verifyUsername: (body: UsernameInput, options?: CallOptions) =>
      transport.call(e.verifyUsername, { body }, options),

    /** Logs in, keeps both tokens in the session, and resolves the token answer. */
    async login(body: LoginInput, options?: CallOptions) {
      const answer = await transport.call(e.login, { body }, options);
      await ctx.session.setTokens(toTokens(answer));
      return answer;
    },

    /**
     * Logs out: the session sends DELETE /logout and clears everything. `options` is accepted for
     * the uniform signature; the session owns that call, so it is not passed on.
     */
    logout: (_options?: CallOptions): Promise<void> => ctx.session.logout('user'),

    /** Reads the public profile of a user. */
    publicProfile: (id: Id, options?: CallOptions) =>
      transport.call(e.publicProfile, { params: { id } }, options),

    /** Reads the profiles of several users; resolves undefined (not sent) when logged out. */
    bulkProfiles: (body: BulkUsersInput, options?: CallOptions) =>
      transport.call(e.bulkProfiles, { body }, options),

    /** Reads the logged-in user and keeps it on the session. */
    async userInfo(options?: CallOptions) {
      const user = await transport.call(e.userInfo, {}, options);
      ctx.session.setUser(user);
      return user;
    },

    /** Exchanges a refresh token for new tokens; only answers them (the session stores tokens itself). */
    refreshToken: (body: RefreshInput, options?: CallOptions) =>
      transport.call(e.refreshToken, { body }, options),

    /** Sends a password-reset message to `{ email }`. */
    forgotPassword: (body: EmailInput, options?: CallOptions) =>
      transport.call(e.forgotPassword, { body }, options),

    /** Sets a new password with the reset token. */
    resetPassword: (body: ResetPasswordInput, options?: CallOptions) =>
      transport.call(e.resetPassword, { body }, options),

    /** Confirms an account with the token of its verification message. */
    confirm: (body: ConfirmInput, options?: CallOptions) => transport.call(e.confirm, { body }, options),

    /** Sends the account verification message again to `{ email }`. */
    sendAccountVerification: (body: EmailInput, options?: CallOptions) =>
      transport.call(e.sendAccountVerification, { body }, options),

    /** Changes the password of the logged-in user. */
    changePassword: (body: ChangePasswordInput, options?: CallOptions) =>
      transport.call(e.changePassword, { body }, options),

    /** Starts an email change; a token goes to the new address. */
    initiateEmailChange: (body: InitiateEmailChangeInput, options?: CallOptions) =>
      transport.call(e.initiateEmailChange, { body }, options),

    /** Completes an email change with the token sent to the new address. */
    changeEmail: (body: ChangeEmailInput, options?: CallOptions) =>
      transport.call(e.changeEmail, { body }, options),

    /** Reads whether several users are online; resolves undefined (not sent) when logged out. */
    bulkStatus: (body: BulkUsersInput, options?: CallOptions) =>
      transport.call(e.bulkStatus, { body }, options),

    /** Starts a username change to `{ username }`; a token is sent to the member. */
    initiateUsernameChange: (body: UsernameInput, options?: CallOptions) =>
      transport.call(e.initiateUsernameChange, { body }, options),

    /** Starts the deletion of an account. */
    initiateAccountDeletion: (userId: Id, options?: CallOptions) =>
      transport.call(e.initiateAccountDeletion, { params: { userId } }, options),

    /** Deactivates the logged-in account. */
    deactivate: (options?: CallOptions) => transport.call(e.deactivate, {}, options),

    /** Reactivates the logged-in account. */
    activate: (options?: CallOptions) => transport.call(e.activate, {}, options),

    /** Completes a username change with `{ username, token }`. */
    changeUsername: (body: ChangeUsernameInput, options?: CallOptions) =>
      transport.call(e.changeUsername, { body }, options),

    /** Stores the member's location; retried on 5xx (3 times, 3 s apart). */
    updateLocation: (body: LocationUpdateInput, options?: CallOptions) =>
      transport.call(e.updateLocation, { body }, options),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

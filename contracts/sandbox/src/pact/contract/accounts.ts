/**
 * Provider states of the accounts, settings and admin pacts: sessions, expired tokens, account
 * status, passwords, taken emails and usernames, pending one-time tokens.
 */
import {
  clearRelations,
  ensureMember,
  freeEmail,
  freeUsername,
  login,
  putAccessToken,
  putOneTimeToken,
  setPassword,
} from '../fixtures';
import type { ContractStateHandlers } from '../state-handler';
import { count, member, str } from './params';

export const accountStates = {
  'a member {userId} is logged in': {
    description:
      'An active, confirmed member with the id userId holding a valid session, with no blocks and no match requests left by earlier interactions; answers accessToken and refreshToken.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      clearRelations(world, user);
      const session = login(world, user);
      // The pacts' own example token works too, so a verifier without fromProviderState passes.
      if (params.accessToken)
        putAccessToken(world, String(params.accessToken), user, world.now() + world.options.accessTtlMs);
      return session;
    },
  },

  'an admin {adminId} is logged in': {
    description: 'An active admin with the id adminId holding a valid session; answers accessToken.',
    setup(world, params) {
      const admin = ensureMember(world, str(params, 'adminId'), { admin: true });
      const session = login(world, admin);
      if (params.accessToken)
        putAccessToken(world, String(params.accessToken), admin, world.now() + world.options.accessTtlMs);
      return session;
    },
  },

  'a member {id} exists': {
    description:
      'An active member with this id (created when unknown), visible to others: no blocks either way and no match requests; answers id, username, email.',
    setup(world, params) {
      const user = member(world, params, 'id');
      clearRelations(world, user);
      return { id: user.keycloakId, userId: user.keycloakId, username: user.username, email: user.email };
    },
  },

  'the members {idPrefix}1 to {idPrefix}{count} exist': {
    description: 'Active members with the ids idPrefix1 ... idPrefix<count>.',
    setup(world, params) {
      const prefix = str(params, 'idPrefix');
      const total = count(params);
      for (let n = 1; n <= total; n++) ensureMember(world, `${prefix}${n}`);
      return {};
    },
  },

  'the access token {expiredToken} of member {userId} has expired': {
    description: 'Calls carrying `Bearer expiredToken` answer 403.',
    setup(world, params) {
      putAccessToken(
        world,
        str(params, 'expiredToken'),
        member(world, params, 'userId'),
        world.now() - 60_000,
      );
      return {};
    },
  },

  'the account of member {id} is suspended': {
    description: 'The member is suspended; calls with their token answer 406.',
    setup(world, params) {
      member(world, params, 'id').status = 'suspended';
      return {};
    },
  },

  'the account of member {id} is deactivated': {
    description: 'The member exists and is deactivated.',
    setup(world, params) {
      member(world, params, 'id').status = 'deactivated';
      return {};
    },
  },

  'the password of member {userId} is {password}': {
    description: "Sets the member's password.",
    setup(world, params) {
      setPassword(member(world, params, 'userId'), str(params, 'password'));
      return {};
    },
  },

  'a member {id} has the email {email} and the password {password}': {
    description: 'An active, confirmed member with this id, email and password.',
    setup(world, params) {
      ensureMember(world, str(params, 'id'), {
        email: str(params, 'email'),
        password: str(params, 'password'),
      });
      return {};
    },
  },

  'no account uses the email {email} or the username {username}': {
    description: 'Moves any account off the email and the username.',
    setup(world, params) {
      freeEmail(world, str(params, 'email'));
      freeUsername(world, str(params, 'username'));
      return {};
    },
  },

  'no account uses the username {username}': {
    description: 'Moves any account off the username.',
    setup(world, params) {
      freeUsername(world, str(params, 'username'));
      return {};
    },
  },

  'member {id} with the email {email} has not confirmed the account; the confirmation token is {token}': {
    description: 'An unconfirmed member; token confirms it.',
    setup(world, params) {
      const user = ensureMember(world, str(params, 'id'), { email: str(params, 'email') });
      user.confirmed = false;
      putOneTimeToken(world, str(params, 'token'), 'confirm', user);
      return { token: str(params, 'token') };
    },
  },

  'member {id} with the email {email} asked for a password reset; the reset token is {token}': {
    description: 'A pending password reset; token resets the password.',
    setup(world, params) {
      const user = ensureMember(world, str(params, 'id'), { email: str(params, 'email') });
      putOneTimeToken(world, str(params, 'token'), 'reset', user);
      return { token: str(params, 'token') };
    },
  },

  'member {id} started an email change to {newEmail}; the token is {token}': {
    description: 'A pending email change to newEmail; token completes it.',
    setup(world, params) {
      const user = member(world, params, 'id');
      freeEmail(world, str(params, 'newEmail'), user);
      putOneTimeToken(world, str(params, 'token'), 'email-change', user, str(params, 'newEmail'));
      return { token: str(params, 'token') };
    },
  },

  'member {userId} started a username change to {username}; the token is {token}': {
    description: 'A pending username change; token completes it.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      freeUsername(world, str(params, 'username'), user);
      putOneTimeToken(world, str(params, 'token'), 'username-change', user, str(params, 'username'));
      return { token: str(params, 'token') };
    },
  },

  'member {userId} has no settings yet': {
    description: 'The member never saved settings; reading them answers the defaults.',
    setup(world, params) {
      delete world.store.data.settings[member(world, params, 'userId').keycloakId];
      return {};
    },
  },
} satisfies ContractStateHandlers;

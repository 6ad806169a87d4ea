/**
 * Generic provider states, named after the demo data. They answer the ids and tokens they chose,
 * for consumers that read them with `fromProviderState`.
 */
import { DEMO_PASSWORD } from '../options';
import { generateSeed } from '../seed/index';
import { own } from '../state/dict';
import { demo, ensureMember, login } from './fixtures';
import type { StateHandlers } from './state-handler';

export const genericStates = {
  'the sandbox has its seeded data': {
    description: 'Resets every record to the seeded data set.',
    setup(world) {
      world.store.replace(generateSeed({ seed: world.options.seed }));
      return {};
    },
  },

  'a member is logged in': {
    description: 'member1 is logged in; answers accessToken, refreshToken, authorization and userId.',
    setup(world) {
      return login(world, demo(world, 'member1@sandbox.test'));
    },
  },

  'a member {id} is logged in': {
    description: 'The member with this id (created when unknown) is logged in; answers its tokens.',
    setup(world, params) {
      const user = ensureMember(world, params.id === undefined ? undefined : String(params.id));
      return { ...login(world, user), id: user.keycloakId };
    },
  },

  'an admin is logged in': {
    description:
      'admin@sandbox.test is logged in; answers accessToken, refreshToken, authorization, userId and adminId.',
    setup(world) {
      const admin = demo(world, 'admin@sandbox.test');
      return { ...login(world, admin), adminId: admin.keycloakId };
    },
  },

  'a suspended member is logged in': {
    description: 'suspended@sandbox.test holds a valid token; every authenticated call answers 406.',
    setup(world) {
      return login(world, demo(world, 'suspended@sandbox.test'));
    },
  },

  'the access token has expired': {
    description: 'member1 holds an expired access token and a valid refresh token.',
    setup(world) {
      const user = demo(world, 'member1@sandbox.test');
      const session = login(world, user);
      const record = own(world.store.data.accessTokens, session.accessToken);
      if (record) record.expires_at = world.now() - 1_000;
      return session;
    },
  },

  'a member with login credentials exists': {
    description: 'member1@sandbox.test with the demo password; answers email and password.',
    setup(world) {
      const user = demo(world, 'member1@sandbox.test');
      return { email: user.email, password: DEMO_PASSWORD, userId: user.keycloakId };
    },
  },

  'a KYC request {id} exists': {
    description:
      'A KYC request with this id exists (the first seeded one is renamed when unknown); answers id, userId, documentId.',
    setup(world, params) {
      const requests = world.store.data.kycRequests;
      let request =
        params.id === undefined ? requests[0] : requests.find((entry) => entry.id === String(params.id));
      if (!request) {
        const first = requests.find((entry) => entry.status === 'PENDING') ?? requests[0];
        if (!first) throw new Error('no KYC requests');
        request = {
          ...structuredClone(first),
          id: String(params.id),
          status: 'PENDING',
          reviewed_at: null,
          reviewer_id: null,
        };
        requests.push(request);
      }
      return {
        id: request.id,
        requestId: request.id,
        userId: request.user_id,
        documentId: request.documents[0] ?? null,
      };
    },
  },

  'a flagged image {filename} exists': {
    description: 'A flagged image exists; answers filename and userId.',
    setup(world, params) {
      const images = Object.values(world.store.data.images);
      let image = params.filename
        ? world.store.image(String(params.filename))
        : images.find((entry) => entry.flagged);
      if (!image) {
        const template = images.find((entry) => entry.flagged) ?? images[0];
        if (!template) throw new Error('no images');
        image = { ...structuredClone(template), filename: String(params.filename), flagged: true };
        world.store.addImage(image);
      }
      world.store.flagImage(image, image.flag_reason ?? 'Reported by a member');
      return { filename: image.filename, userId: image.user_id };
    },
  },

  'a chat room {room} exists': {
    description: "member1's room with member2 (5,000 messages); answers room, userId and recipientId.",
    setup(world) {
      const a = demo(world, 'member1@sandbox.test');
      const b = demo(world, 'member2@sandbox.test');
      const room = world.store.ensureRoom(a.keycloakId, b.keycloakId, world.nowIso());
      const file = Object.values(world.store.data.chatFiles).find((entry) => entry.room === room.id);
      return {
        room: room.id,
        userId: a.keycloakId,
        recipientId: b.keycloakId,
        filename: file?.filename ?? null,
      };
    },
  },

  'a pending match request to member1 exists': {
    description: 'A PENDING match request addressed to member1; answers id, senderId and recipientId.',
    setup(world) {
      const member = demo(world, 'member1@sandbox.test');
      const request = world.store.data.matchRequests.find(
        (entry) => entry.recipient_id === member.keycloakId && entry.status === 'PENDING',
      );
      if (!request) throw new Error('no pending match request for member1; reset the sandbox');
      return { id: request.id, senderId: request.user_id, recipientId: member.keycloakId };
    },
  },

  'a recommendation for member1 exists': {
    description: 'A PENDING recommendation of member1; answers id and recipientId.',
    setup(world) {
      const member = demo(world, 'member1@sandbox.test');
      const rec = world.store.data.recommendations.find(
        (entry) => entry.user_id === member.keycloakId && entry.status === 'PENDING',
      );
      if (!rec) throw new Error('no pending recommendation for member1; reset the sandbox');
      return { id: rec.id, recipientId: rec.recipient_id };
    },
  },

  'a notification of member1 exists': {
    description: 'A notification of member1; answers id.',
    setup(world) {
      const member = demo(world, 'member1@sandbox.test');
      const notification = world.store.data.notifications.find(
        (entry) => entry.user_id === member.keycloakId,
      );
      if (!notification) throw new Error('no notification for member1; reset the sandbox');
      return { id: notification.id };
    },
  },

  'a plan {id} exists': {
    description: 'A live plan; answers id and offerId.',
    setup(world, params) {
      const plan =
        world.store.data.plans.find((entry) => entry.id === String(params.id ?? 'plan-premium')) ??
        world.store.data.plans[0];
      if (!plan) throw new Error('no plans');
      return { id: plan.id, offerId: plan.offers[0]?.id ?? null };
    },
  },

  'a feature {code} exists': {
    description: 'A feature switch with subfeatures; answers code and subfeature.',
    setup(world, params) {
      const feature =
        world.store.data.features.find((entry) => entry.code === String(params.code ?? 'CHAT')) ??
        world.store.data.features[0];
      if (!feature) throw new Error('no features');
      return { code: feature.code, subfeature: feature.subfeatures[0]?.code ?? null };
    },
  },
} satisfies StateHandlers;

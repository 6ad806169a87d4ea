/**
 * Provider states of the back office: referrals, activity logs and visits, KYC requests, profile
 * photos and flagged images, feature switches.
 */
import { simplePdf } from '../../media/pdf';
import { photoPng } from '../../media/png';
import { ensureMember, ensureProfilePhoto } from '../fixtures';
import type { ContractStateHandlers } from '../state-handler';
import { count, member, str } from './params';

export const backOfficeStates = {
  'member {id} with the username {username} referred another member': {
    description: 'The member referred at least one registered member.',
    setup(world, params) {
      const referrer = ensureMember(world, str(params, 'id'), { username: str(params, 'username') });
      if (!world.store.data.referrals.some((referral) => referral.referrer_id === referrer.keycloakId)) {
        const referred = ensureMember(world, `${referrer.keycloakId}-referred`);
        referred.referrer = referrer.username;
        world.store.data.referrals.push({
          id: world.store.nextId('ref'),
          referrer_id: referrer.keycloakId,
          referred_id: referred.keycloakId,
          code: referrer.username
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
            .slice(0, 8),
          status: 'CONFIRMED',
          created_at: world.nowIso(),
        });
      }
      return {};
    },
  },

  'member {id} has activity logs and page visits': {
    description: 'At least one activity log entry and one page visit of the member.',
    setup(world, params) {
      const user = member(world, params, 'id');
      const at = world.nowIso();
      if (!world.store.data.activityLogs.some((log) => log.user_id === user.keycloakId)) {
        world.store.addActivity({
          id: world.store.nextId('log'),
          user_id: user.keycloakId,
          action: 'LOGIN',
          detail: 'Logged in',
          ip: '127.0.0.1',
          created_at: at,
        });
      }
      if (!world.store.data.visits.some((visit) => visit.user_id === user.keycloakId)) {
        world.store.data.visits.push({
          id: world.store.nextId('visit'),
          user_id: user.keycloakId,
          path: '/matches',
          ip: '127.0.0.1',
          country: 'United Kingdom',
          country_code: 'GB',
          city: 'London',
          device: 'desktop',
          browser: 'Firefox',
          created_at: at,
        });
      }
      return {};
    },
  },

  'member {id} has a pending KYC request {requestId} with the document {documentId}': {
    description: 'A pending KYC request of the member with one PDF document.',
    setup(world, params) {
      const user = member(world, params, 'id');
      const requestId = str(params, 'requestId');
      const documentId = str(params, 'documentId');
      const now = world.nowIso();
      world.store.data.kycRequests = world.store.data.kycRequests.filter(
        (request) => request.id !== requestId,
      );
      world.store.data.kycRequests.push({
        id: requestId,
        user_id: user.keycloakId,
        status: 'PENDING',
        document_type: 'PASSPORT',
        documents: [documentId],
        comment: null,
        reviewer_id: null,
        created_at: now,
        updated_at: now,
        reviewed_at: null,
      });
      world.store.data.kycDocuments[documentId] = {
        id: documentId,
        request_id: requestId,
        user_id: user.keycloakId,
        filename: `${documentId}.pdf`,
        content_type: 'application/pdf',
        data: simplePdf(['Matchmaker sandbox - contract document', `Request ${requestId}`]).toString(
          'base64',
        ),
      };
      return { requestId, documentId };
    },
  },

  '{count} KYC requests of different members wait for review': {
    description: 'Exactly count KYC requests (all pending, no others), each of another member, newest first.',
    setup(world, params) {
      const total = count(params);
      const last = world.now();
      world.store.data.kycRequests = Array.from({ length: total }, (_, index) => {
        const user = ensureMember(world, `pact-kyc-member-${index + 1}`);
        const at = new Date(last - index * 60_000).toISOString();
        return {
          id: `pact-kyc-queue-${index + 1}`,
          user_id: user.keycloakId,
          status: 'PENDING' as const,
          document_type: 'PASSPORT',
          documents: [`pact-kyc-queue-${index + 1}-doc`],
          comment: null,
          reviewer_id: null,
          created_at: at,
          updated_at: at,
          reviewed_at: null,
        };
      });
      return {};
    },
  },

  'no KYC request is waiting for review': {
    description: 'There are no KYC requests at all.',
    setup(world) {
      world.store.data.kycRequests = [];
      return {};
    },
  },

  'member {id} has the profile photo {filename}': {
    description: 'A public, unflagged image of type "Profile Photo" of the member.',
    setup(world, params) {
      const photo = ensureProfilePhoto(world, member(world, params, 'id'), str(params, 'filename'));
      return { filename: photo.filename };
    },
  },

  'the image {filename} of member {id} is flagged': {
    description: 'A flagged image of the member, waiting for review.',
    setup(world, params) {
      const user = member(world, params, 'id');
      const filename = str(params, 'filename');
      const image = ensureProfilePhoto(world, user, filename);
      image.image_type = 'Gallery Photo';
      world.store.flagImage(image, 'Reported by a member');
      // Newest first in the review list, so it is on page 1.
      image.created_at = world.nowIso();
      return { filename };
    },
  },

  '{count} images of member {id} are flagged': {
    description: 'Exactly count flagged images (no others), all of the member, waiting for review.',
    setup(world, params) {
      const user = member(world, params, 'id');
      const total = count(params);
      for (const image of Object.values(world.store.data.images)) image.flagged = false;
      // One rendered photo shared by all: rendering a hundred takes seconds, past verifier timeouts.
      const data = photoPng(`${user.keycloakId}-flagged`).toString('base64');
      const at = world.now();
      for (let n = 1; n <= total; n++) {
        world.store.addImage({
          filename: `${user.keycloakId}-flagged-${n}.png`,
          user_id: user.keycloakId,
          image_type: 'Gallery Photo',
          flagged: true,
          flag_reason: 'Reported by a member',
          is_public: true,
          kind: 'upload',
          content_type: 'image/png',
          data,
          hue: 200,
          caption: null,
          created_at: new Date(at - n * 1_000).toISOString(),
        });
      }
      return {};
    },
  },

  'a feature {code} with the subfeature {subfeature} exists': {
    description: 'A feature switch with this code and a subfeature with that code.',
    setup(world, params) {
      const code = str(params, 'code');
      const subCode = str(params, 'subfeature');
      let feature = world.store.data.features.find((entry) => entry.code === code);
      if (!feature) {
        feature = {
          code,
          name: code,
          description: 'Created for a contract',
          enabled: true,
          subfeatures: [],
          updated_at: world.nowIso(),
        };
        world.store.data.features.push(feature);
      }
      if (!feature.subfeatures.some((sub) => sub.code === subCode))
        feature.subfeatures.push({ code: subCode, name: subCode, enabled: true });
      return {};
    },
  },
} satisfies ContractStateHandlers;

/** bytebox, images: members' photos (multipart uploads), contacts' images and the flagged review. */
import { describe, expect, it } from 'vitest';
import { ADMIN, IMAGE, MEMBER, OTHER } from '../../src/examples';
import { paging } from '../support/bodies';
import { adminClient, memberClient, PHOTO_PNG } from '../support/clients';
import {
  boolean,
  eachLike,
  fromState,
  interaction,
  json,
  like,
  multipart,
  pactWith,
  pageNumber,
  pageOf,
  pathOf,
  request,
  state,
  stateValue,
  url,
} from '../support/pact';

const pact = pactWith('bytebox');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const ownPhoto = state('image', { id: MEMBER.userId, filename: IMAGE.filename });
const othersPhoto = state('image', { id: OTHER.id, filename: IMAGE.filename });
const token = MEMBER.accessToken;
const PROFILE_PHOTO = 'Profile Photo';

const image = (userId: string, filename: string = IMAGE.filename) => ({
  filename: like(filename),
  user_id: like(userId),
  imageUrl: url(`https://api.example.com/media/${filename}`),
  thumbnailUrl: url(`https://api.example.com/media/${filename}?size=thumb`),
  image_type: like(PROFILE_PHOTO),
  flagged: boolean(false),
});
const photoPart = {
  name: 'file',
  filename: 'photo.png',
  contentType: 'image/png',
  bytes: PHOTO_PNG,
} as const;
const photoFile = () => new Blob([new Uint8Array(PHOTO_PNG)], { type: 'image/png' });

describe('bytebox: images', () => {
  it('images.list', () =>
    interaction(pact, 'images.list', 'a member listing their own images')
      .given(...loggedIn)
      .given(...ownPhoto)
      .withRequest('GET', pathOf('images.list', { userId: MEMBER.userId }), request({ token }))
      .willRespondWith(200, json({ user_id: like(MEMBER.userId), images: eachLike(image(MEMBER.userId)) }))
      .executeTest(async (server) => {
        const answer = await memberClient(server).images.list(MEMBER.userId);
        expect(answer).toMatchObject({ images: [{ filename: IMAGE.filename, image_type: PROFILE_PHOTO }] });
      }));

  it('images.list of public images', () =>
    interaction(pact, 'images.list', "a member listing another member's public images")
      .given(...loggedIn)
      .given(...othersPhoto)
      .withRequest(
        'GET',
        pathOf('images.list', { userId: fromState('id', OTHER.id) }),
        request({ token, query: { public: 'true' } }),
      )
      .willRespondWith(200, json({ user_id: like(OTHER.id), images: eachLike(image(OTHER.id)) }))
      .executeTest(async (server) => {
        await memberClient(server).images.list(OTHER.id, { public: true });
      }));

  it('images.getProfileImage', () =>
    interaction(pact, 'images.getProfileImage', 'a member reading the profile photo of another member')
      .given(...loggedIn)
      .given(...othersPhoto)
      .withRequest(
        'GET',
        pathOf('images.getProfileImage', { userId: fromState('id', OTHER.id) }),
        request({ token }),
      )
      .willRespondWith(200, json(image(OTHER.id)))
      .executeTest(async (server) => {
        await memberClient(server).images.getProfileImage(OTHER.id);
      }));

  it('images.get', () =>
    interaction(pact, 'images.get', 'a member reading one of their images by file name')
      .given(...loggedIn)
      .given(...ownPhoto)
      .withRequest('GET', pathOf('images.get', { filename: IMAGE.filename }), request({ token }))
      .willRespondWith(200, json(image(MEMBER.userId)))
      .executeTest(async (server) => {
        await memberClient(server).images.get(IMAGE.filename);
      }));

  it('images.upload', () =>
    interaction(pact, 'images.upload', 'a member uploading a profile photo')
      .given(...loggedIn)
      .withRequest(
        'POST',
        pathOf('images.upload'),
        multipart(token, [photoPart, { name: 'image_type', value: PROFILE_PHOTO }]),
      )
      .willRespondWith(200, json(image(MEMBER.userId, 'pact-member-1-img-1.png')))
      .executeTest(async (server) => {
        await memberClient(server).images.upload({
          file: photoFile(),
          filename: 'photo.png',
          image_type: PROFILE_PHOTO,
        });
      }));

  it('images.uploadContact', () =>
    interaction(pact, 'images.uploadContact', 'a member uploading a contact image')
      .given(...loggedIn)
      .withRequest('POST', pathOf('images.uploadContact'), multipart(token, [photoPart]))
      .willRespondWith(
        200,
        json({ ...image(MEMBER.userId, 'pact-member-1-img-2.png'), image_type: like('Contact') }),
      )
      .executeTest(async (server) => {
        await memberClient(server).images.uploadContact({ file: photoFile(), filename: 'photo.png' });
      }));

  it('images.edit', () =>
    interaction(pact, 'images.edit', 'a member making an image their profile photo')
      .given(...loggedIn)
      .given(...ownPhoto)
      .withRequest(
        'PUT',
        pathOf('images.edit', { filename: IMAGE.filename }),
        request({ token, body: { image_type: PROFILE_PHOTO } }),
      )
      .willRespondWith(200, json(image(MEMBER.userId)))
      .executeTest(async (server) => {
        await memberClient(server).images.edit(IMAGE.filename, { image_type: PROFILE_PHOTO });
      }));

  it('images.delete', () =>
    interaction(pact, 'images.delete', 'a member deleting one of their images')
      .given(...loggedIn)
      .given(...ownPhoto)
      .withRequest('DELETE', pathOf('images.delete', { filename: IMAGE.filename }), request({ token }))
      .willRespondWith(200, json({ message: like('Image deleted'), filename: like(IMAGE.filename) }))
      .executeTest(async (server) => {
        await memberClient(server).images.delete(IMAGE.filename);
      }));

  it('images.bulk', () =>
    interaction(pact, 'images.bulk', 'a member reading the profile photos of contacts')
      .given(...loggedIn)
      .given(...othersPhoto)
      .withRequest(
        'POST',
        pathOf('images.bulk'),
        request({
          token,
          body: { users: [stateValue('id', OTHER.id)], image_type: PROFILE_PHOTO },
        }),
      )
      .willRespondWith(200, json({ image_type: like(PROFILE_PHOTO), images: eachLike(image(OTHER.id)) }))
      .executeTest(async (server) => {
        await memberClient(server).images.bulk({ users: [OTHER.id], image_type: PROFILE_PHOTO });
      }));

  it('images.listFlagged: a full page of 100', () =>
    interaction(pact, 'images.listFlagged', 'an admin listing flagged images when 101 wait')
      .given(...state('adminLoggedIn', { adminId: ADMIN.adminId }))
      .given(...state('manyFlaggedImages', { count: '101', id: OTHER.id }))
      .withRequest(
        'GET',
        pathOf('images.listFlagged'),
        request({ token: ADMIN.accessToken, query: { page: pageNumber(1), page_size: '100' } }),
      )
      // SPEC.md: page_size=100. Seeded with 101, the first page holds exactly 100.
      .willRespondWith(
        200,
        json({
          images: pageOf(
            {
              ...image(OTHER.id, IMAGE.flagged),
              flagged: boolean(true),
              user: { id: like(OTHER.id), username: like(OTHER.username) },
            },
            100,
          ),
          ...paging(100),
        }),
      )
      .executeTest(async (server) => {
        const answer = await adminClient(server).images.listFlagged({ page: 1 });
        expect(answer).toMatchObject({ images: expect.any(Array) });
      }));

  it('images.decideFlagged', () =>
    interaction(pact, 'images.decideFlagged', 'an admin approving a flagged image')
      .given(...state('adminLoggedIn', { adminId: ADMIN.adminId }))
      .given(...state('flaggedImage', { filename: IMAGE.flagged, id: OTHER.id }))
      .withRequest(
        'POST',
        pathOf('images.decideFlagged'),
        request({
          token: ADMIN.accessToken,
          body: { filename: stateValue('filename', IMAGE.flagged), approved: true },
        }),
      )
      .willRespondWith(
        200,
        json({ message: like('Image approved'), filename: like(IMAGE.flagged), approved: boolean(true) }),
      )
      .executeTest(async (server) => {
        const answer = await adminClient(server).images.decideFlagged({
          filename: IMAGE.flagged,
          approved: true,
        });
        expect(answer).toMatchObject({ approved: true });
      }));
});

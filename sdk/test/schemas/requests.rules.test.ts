/**
 * The rules a provider enforces on a request are in the request schemas, so the SDK refuses a
 * breaking request before sending it, with the field path the provider would answer. Each case
 * is sent to a real local server that records what reaches it: nothing may.
 */
import { describe, expect, it } from 'vitest';
import { type ContractError, isContractError, type MatchmakerClient } from '../../src/index';
import { answerFor } from '../support/answers';
import { SAMPLE_REGISTRATION, testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const registration = SAMPLE_REGISTRATION;

async function refusal(call: (client: MatchmakerClient) => Promise<unknown>): Promise<ContractError> {
  const error = await call(testClient(server.url)).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(server.requests).toHaveLength(0);
  if (!isContractError(error)) throw new Error(`expected a ContractError, got ${String(error)}`);
  expect(error.direction).toBe('request');
  return error;
}

const png = (bytes: BlobPart[] = ['png-bytes']) => new Blob(bytes, { type: 'image/png' });

describe('rules the provider enforces, refused by the SDK before sending', () => {
  it('takes only the message statuses for chats/messages/bulk/status', async () => {
    const error = await refusal((client) =>
      client.chats.updateMessageStatus({ ids: ['m-1'], status: 'seen' as 'READ' }),
    );
    expect(error.path).toBe('body.status');
    await testClient(server.url).chats.updateMessageStatus({ ids: ['m-1'], status: 'READ' });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['ab', 'too short'],
    ['a'.repeat(31), 'too long'],
    ['amina khan', 'a space'],
  ])('refuses the username %j (%s) wherever one is set', async (username) => {
    const rule = /3 to 30 letters, digits, dots, dashes or underscores/;
    const calls: [string, (client: MatchmakerClient) => Promise<unknown>][] = [
      ['register', (c) => c.accounts.register({ ...registration, username })],
      ['oauthUpdate', (c) => c.accounts.oauthUpdate({ username })],
      ['initiateUsernameChange', (c) => c.accounts.initiateUsernameChange({ username })],
      ['changeUsername', (c) => c.accounts.changeUsername({ username, token: 't-1' })],
      ['admin.updateUser', (c) => c.admin.updateUser('kc-2', { username })],
    ];
    for (const [name, call] of calls) {
      const error = await refusal(call);
      expect(error.path, name).toBe('body.username');
      expect(error.issues[0]?.message, name).toMatch(rule);
    }
  });

  it('still asks whether any name is free: verifyUsername answers, it does not refuse', async () => {
    await testClient(server.url).accounts.verifyUsername({ username: 'ab' });
    expect(server.requests).toHaveLength(1);
  });

  it('registers only a member who agreed to the terms', async () => {
    const error = await refusal((client) =>
      client.accounts.register({ ...registration, agreed_to_terms: false }),
    );
    expect(error.path).toBe('body.agreed_to_terms');
    expect(error.issues[0]?.message).toBe('You must agree to the terms');
  });

  it('sets only passwords of 8 characters or more, and account emails that look like one', async () => {
    expect((await refusal((c) => c.accounts.register({ ...registration, password: 'short' }))).path).toBe(
      'body.password',
    );
    expect(
      (await refusal((c) => c.accounts.changePassword({ old_password: 'x', new_password: 'short' }))).path,
    ).toBe('body.new_password');
    expect(
      (await refusal((c) => c.accounts.initiateEmailChange({ new_email: 'not-an-email', password: 'x' })))
        .path,
    ).toBe('body.new_email');
    expect((await refusal((c) => c.admin.changeUserEmail('kc-2', { email: 'a@b' }))).path).toBe('body.email');
  });

  it('takes profile choices and typed profile values as the answers document them', async () => {
    expect((await refusal((c) => c.accounts.oauthUpdate({ body_type: 'tall' }))).path).toBe('body.body_type');
    expect(
      (await refusal((c) => c.admin.updateUser('kc-2', { height: 'tall' as unknown as number }))).path,
    ).toBe('body.height');
    expect((await refusal((c) => c.accounts.oauthUpdate({ date_of_birth: '12/03/1994' }))).path).toBe(
      'body.date_of_birth',
    );
    await testClient(server.url).accounts.oauthUpdate({ body_type: 'slim', height: 170, has_children: '' });
    expect(server.requests).toHaveLength(1);
  });

  it('takes a non-empty role, and analytics ranges as dates (or empty, for the default range)', async () => {
    expect((await refusal((c) => c.admin.changeUserRole('kc-2', { role: '' }))).path).toBe('body.role');
    const year12345 = await refusal((c) => c.recommendations.matchMetrics({ start: '12345', end: '' }));
    expect(year12345.path).toBe('query.start');
    await testClient(server.url).recommendations.matchMetrics({ start: '2026-01-01', end: '' });
    expect(server.requests).toHaveLength(1);
  });

  it('uploads only a non-empty file of a picture or PDF type', async () => {
    const noFile = new FormData();
    noFile.append('image_type', 'Profile Photo');
    const calls: [string, (client: MatchmakerClient) => Promise<unknown>, RegExp][] = [
      ['empty', (c) => c.images.upload({ file: png([]) }), /empty/],
      ['unknown type', (c) => c.images.upload({ file: new Blob(['x']) }), /Unsupported file type unknown/],
      ['text', (c) => c.images.uploadContact({ file: new Blob(['x'], { type: 'text/html' }) }), /text\/html/],
    ];
    for (const [name, call, message] of calls) {
      const error = await refusal(call);
      expect(error.path, name).toBe('body.file');
      expect(error.issues[0]?.message, name).toMatch(message);
    }
    await testClient(server.url).images.upload({ file: png() });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses __proto__ keys, and constructor.prototype, anywhere in a JSON body', async () => {
    const proto = JSON.parse('{"recipient_id":"kc-2","message":"hi","meta":{"__proto__":{"admin":true}}}');
    expect((await refusal((c) => c.chats.sendMessage(proto))).path).toBe('body.meta.__proto__');
    // A strict body would drop the key silently; it is refused all the same.
    const strict = JSON.parse('{"email":"a@example.com","password":"pw","__proto__":{"x":1}}');
    expect((await refusal((c) => c.accounts.login(strict))).path).toBe('body.__proto__');
    const ctor = { ids: ['m-1'], status: 'READ', constructor: { prototype: { x: 1 } } };
    expect((await refusal((c) => c.chats.updateMessageStatus(ctor as never))).path).toBe(
      'body.constructor.prototype',
    );
  });
});

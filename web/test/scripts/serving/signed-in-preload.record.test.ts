/**
 * scripts/serving/signed-in-preload.ts's recording of the early calls (src/config/early-requests.ts):
 * each is what the SDK's client sends, with the token and a page's parameters as marks the script
 * fills; a call that sends no request, or more than one, stops the build with where it is.
 */
import * as sdk from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { PARAM_MARK, recordEarlyCalls, TOKEN_MARK } from '../../../scripts/serving/signed-in-preload';
import { EARLY_CALLS } from '../../../src/config/early-requests';

describe('recording the early calls', () => {
  it("records each of the app's early calls as the SDK sends it", async () => {
    const recorded = await recordEarlyCalls(sdk, EARLY_CALLS);
    expect(recorded.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/usermgmt/v2/accounts/user/info',
      'GET /api/recommendations/v2/matches/recommendations/?page=1&per_page=50',
      'GET /api/chats/v2/chats/rooms',
      `GET /api/chats/v2/chats/rooms/${PARAM_MARK}room/messages?page=1&per_page=20`,
      'POST /api/usermgmt/v2/admin/users/search',
    ]);
    // A call with a body sends it as the SDK writes it; the others send none.
    expect(recorded.map((call) => call.body)).toEqual(['', '', '', '', '{"page":1,"size":15,"filters":{}}']);
    const search = recorded[4];
    expect(new Map(search?.headers).get('content-type')).toMatch(/^application\/json/);
    // The search's filters and page live in the page's query, so it goes only for an address without one.
    expect(recorded.map((call) => call.onlyWithoutQuery)).toEqual([false, false, false, false, true]);
    for (const call of recorded)
      expect(new Map(call.headers).get('authorization')).toBe(`Bearer ${TOKEN_MARK}`);
  });

  it('a call that sends no request or two stops the build, naming the entry', async () => {
    await expect(recordEarlyCalls(sdk, [{ on: 'signed-in', call: async () => null }])).rejects.toThrow(
      'src/config/early-requests.ts, EARLY_CALLS[0]: the call sent 0 requests; an early call must send exactly one',
    );
    await expect(
      recordEarlyCalls(sdk, [
        { on: 'signed-in', call: (client) => client.accounts.userInfo() },
        {
          on: ['/matches'],
          call: (client) => Promise.allSettled([client.accounts.userInfo(), client.chats.listRooms()]),
        },
      ]),
    ).rejects.toThrow('EARLY_CALLS[1]: the call sent 2 requests');
  });

  it("a body that would carry a page's parameter stops the build: the script fills addresses only", async () => {
    await expect(
      recordEarlyCalls(sdk, [
        {
          on: ['/admin/users/:id'],
          call: (client, { id = '' }) => client.admin.searchUsers({ page: 1, filters: { bulk_ids: [id] } }),
        },
      ]),
    ).rejects.toThrow(
      "src/config/early-requests.ts, EARLY_CALLS[0]: the call's body holds the page parameter 'id'; only its address may",
    );
  });
});

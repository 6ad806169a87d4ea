/**
 * The pages whose speed issue 24 tracks: the anonymous pages, member1's matches, messages and
 * 5,000-message room with member2, and the admin's user list. The Lighthouse benchmark audits
 * them and the JavaScript budgets test measures them.
 */
import type { startSandbox } from '@matchmaker/sandbox';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface AuditedPage {
  /** As printed, and as the benchmark's `--pages` names it. */
  readonly name: string;
  readonly path: string;
  /** The demo account logged in first; none for an anonymous page. */
  readonly account: string | null;
  /** Public pages are for search engines; member and admin pages are kept out on purpose. */
  readonly public: boolean;
}

const MEMBER = 'member1@sandbox.test';

/** The pages, with the chat room's id read from the sandbox's seeded world. */
export function auditedPages(sandbox: Sandbox): AuditedPage[] {
  const store = sandbox.world.store;
  const one = store.userByEmail(MEMBER);
  const two = store.userByEmail('member2@sandbox.test');
  const room = one && two ? store.roomBetween(one.keycloakId, two.keycloakId) : undefined;
  if (!room) throw new Error('the sandbox has no member1/member2 room');
  return [
    { name: '/', path: '/', account: null, public: true },
    { name: '/account/login', path: '/account/login', account: null, public: true },
    { name: '/account/register', path: '/account/register', account: null, public: true },
    { name: '/matches', path: '/matches', account: MEMBER, public: false },
    { name: '/messages', path: '/messages', account: MEMBER, public: false },
    { name: 'chat room 5000', path: `/messages/${room.id}`, account: MEMBER, public: false },
    { name: '/admin/users', path: '/admin/users', account: 'admin@sandbox.test', public: false },
  ];
}

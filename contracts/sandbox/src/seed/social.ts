/**
 * The social graph: recommendations, match requests both ways, mutual matches with chat rooms
 * (member1 and member2 share the 5,000-message room), notifications, and a history of match
 * requests among generated members so the match analytics have something to chart.
 */
import type {
  ChatFileRecord,
  Decision,
  MatchRequestRecord,
  MessageRecord,
  NotificationRecord,
  RecommendationRecord,
  RoomRecord,
  UserRecord,
} from '../state/types';
import { DAY_MS, iso } from './clock';
import type { DemoKey } from './demo-accounts';
import type { Ids } from './ids';
import type { Rng } from './prng';

export const BIG_ROOM_MESSAGES = 5_000;

const OPENERS = [
  'Assalamu alaikum! How was your week?',
  'Hi! I loved reading your profile.',
  'Shalom, nice to meet you here.',
  'Hello! Your about section made me smile.',
  'Namaste! How is everything going?',
  'Hi there, how was church today?',
];
const LINES = [
  'How was your day?',
  'Work was busy but good, thanks for asking.',
  'My family is visiting this weekend.',
  'Have you been to the new bookshop downtown?',
  'I tried the recipe you sent, it was delicious!',
  'What are you reading at the moment?',
  'I am volunteering at the food bank on Saturday.',
  'That sounds wonderful.',
  'My mother asked about you again 😊',
  'Shall we call tomorrow evening?',
  'I would like that very much.',
  'What does a perfect Sunday look like for you?',
  'Morning walk, family lunch, and an early night.',
  'I have never been there, tell me more!',
  'Haha, that is so true.',
  'Did you get home safely?',
  'Yes, thank you. Talk soon!',
  'How many siblings do you have?',
  'Two brothers and a sister, we are very close.',
  'I think faith is what keeps a marriage strong.',
  'Agreed. Patience too.',
  'Sending you a picture of the sunset here.',
  'Beautiful! Where was that taken?',
  'Good night, sleep well.',
];

export interface SeededSocial {
  recommendations: RecommendationRecord[];
  matchRequests: MatchRequestRecord[];
  rooms: RoomRecord[];
  messages: Record<string, MessageRecord[]>;
  chatFiles: ChatFileRecord[];
  notifications: NotificationRecord[];
  blocks: Record<string, string[]>;
}

export function seedSocial(
  rng: Rng,
  ids: Ids,
  anchor: number,
  demo: Record<DemoKey, UserRecord>,
  members: UserRecord[],
): SeededSocial {
  const out: SeededSocial = {
    recommendations: [],
    matchRequests: [],
    rooms: [],
    messages: {},
    chatFiles: [],
    notifications: [],
    blocks: {},
  };
  const active = members.filter((member) => member.status === 'active' && !member.is_deleted);
  const demoMembers = [demo.member1, demo.member2, demo.member3, demo.member4, demo.member5];
  const used = new Map<string, Set<string>>();
  const relate = (a: string, b: string): void => {
    let set = used.get(a);
    if (!set) {
      set = new Set();
      used.set(a, set);
    }
    set.add(b);
  };
  const related = (a: string, b: string): boolean =>
    used.get(a)?.has(b) === true || used.get(b)?.has(a) === true;

  const request = (
    from: UserRecord,
    to: UserRecord,
    status: Decision,
    daysAgo: number,
  ): MatchRequestRecord => {
    const created = anchor - daysAgo * DAY_MS - rng.int(0, 86_399) * 1000;
    const record: MatchRequestRecord = {
      id: ids.next('mr'),
      user_id: from.keycloakId,
      recipient_id: to.keycloakId,
      status,
      message: rng.chance(0.4) ? rng.pick(OPENERS) : null,
      created_at: iso(created),
      updated_at: iso(status === 'PENDING' ? created : created + rng.int(1, 48) * 3_600_000),
    };
    out.matchRequests.push(record);
    relate(from.keycloakId, to.keycloakId);
    return record;
  };

  const notify = (
    user: UserRecord,
    actor: UserRecord | null,
    type: NotificationRecord['type'],
    body: string,
    relatedId: string | null,
    at: string,
    read: boolean,
  ): void => {
    out.notifications.push({
      id: ids.next('ntf'),
      user_id: user.keycloakId,
      actor_id: actor?.keycloakId ?? null,
      type,
      body,
      related_id: relatedId,
      read,
      created_at: at,
    });
  };

  const openRoom = (a: UserRecord, b: UserRecord, count: number, daysBack: number): RoomRecord => {
    const room: RoomRecord = {
      id: ids.next('room'),
      members: [a.keycloakId, b.keycloakId],
      created_at: iso(anchor - daysBack * DAY_MS),
    };
    out.rooms.push(room);
    out.messages[room.id] = conversation(
      rng,
      ids,
      room,
      a,
      b,
      count,
      anchor - daysBack * DAY_MS,
      anchor,
      out,
    );
    return room;
  };

  // Demo members are all mutually matched with each other, each pair with a room.
  for (let i = 0; i < demoMembers.length; i++) {
    for (let j = i + 1; j < demoMembers.length; j++) {
      const a = demoMembers[i] as UserRecord;
      const b = demoMembers[j] as UserRecord;
      const record = request(a, b, 'ACCEPTED', 150 - i * 10 - j);
      const big = i === 0 && j === 1;
      openRoom(a, b, big ? BIG_ROOM_MESSAGES : rng.int(6, 40), big ? 140 : rng.int(10, 60));
      notify(
        a,
        b,
        'MATCH_ACCEPTED',
        `${b.first_name} accepted your match request`,
        record.id,
        record.updated_at,
        true,
      );
    }
  }

  // Prefers the given pool and widens to every active member once the pool is used up.
  const pickOther = (self: UserRecord, pool: UserRecord[]): UserRecord => {
    for (const candidates of [pool, active]) {
      for (let attempt = 0; attempt < 40; attempt++) {
        const candidate = rng.pick(candidates);
        if (candidate.keycloakId !== self.keycloakId && !related(self.keycloakId, candidate.keycloakId))
          return candidate;
      }
    }
    throw new Error('seed: no unrelated member left');
  };

  for (const me of demoMembers) {
    const opposite = active.filter((member) => member.profile.sex !== me.profile.sex);
    const sameFaith = opposite.filter((member) => member.profile.religion === me.profile.religion);
    const pool = sameFaith.length >= 30 ? sameFaith : opposite;

    // A few mutual matches with generated members, with short chats.
    for (let k = 0; k < 3; k++) {
      const other = pickOther(me, pool);
      const record = request(other, me, 'ACCEPTED', rng.int(5, 90));
      openRoom(me, other, rng.int(3, 25), rng.int(3, 30));
      notify(
        other,
        me,
        'MATCH_ACCEPTED',
        `${me.first_name} accepted your match request`,
        record.id,
        record.updated_at,
        true,
      );
    }
    // Pending requests both ways.
    for (let k = 0; k < 6; k++) {
      const other = pickOther(me, pool);
      const record = request(other, me, 'PENDING', rng.int(0, 20));
      notify(
        me,
        other,
        'MATCH_REQUEST',
        `${other.first_name} sent you a match request`,
        record.id,
        record.created_at,
        k > 2,
      );
    }
    for (let k = 0; k < 4; k++) request(me, pickOther(me, pool), 'PENDING', rng.int(0, 20));
    for (let k = 0; k < 2; k++) request(pickOther(me, pool), me, 'REJECTED', rng.int(20, 80));

    // More than one page of recommendations (per_page is 50), mostly of the same faith.
    for (let k = 0; k < 64; k++) {
      const other = pickOther(me, k < 48 ? pool : opposite);
      relate(me.keycloakId, other.keycloakId);
      const status: Decision = k < 56 ? 'PENDING' : k % 2 === 0 ? 'ACCEPTED' : 'REJECTED';
      const created = anchor - rng.int(0, 14) * DAY_MS - rng.int(0, 86_399) * 1000;
      out.recommendations.push({
        id: ids.next('rec'),
        user_id: me.keycloakId,
        recipient_id: other.keycloakId,
        status,
        score: Math.round((0.55 + rng.next() * 0.44) * 100) / 100,
        created_at: iso(created),
        updated_at: iso(created),
      });
    }
    notify(
      me,
      null,
      'SYSTEM',
      'Welcome to Matchmaker! Complete your profile to get better matches.',
      null,
      me.created_at,
      true,
    );
  }

  // The new member gets a first page of recommendations too, so their first visit is not empty.
  for (let k = 0; k < 20; k++) {
    const other = rng.pick(active);
    out.recommendations.push({
      id: ids.next('rec'),
      user_id: demo.new.keycloakId,
      recipient_id: other.keycloakId,
      status: 'PENDING',
      score: Math.round((0.5 + rng.next() * 0.4) * 100) / 100,
      created_at: iso(anchor - DAY_MS),
      updated_at: iso(anchor - DAY_MS),
    });
  }
  notify(
    demo.new,
    null,
    'SYSTEM',
    'Welcome to Matchmaker! Complete your profile to get better matches.',
    null,
    iso(anchor - DAY_MS),
    false,
  );

  // member5 has blocked one generated member, so the blocks list is not empty.
  out.blocks[demo.member5.keycloakId] = [pickOther(demo.member5, active).keycloakId];

  // History among generated members, for the match metrics and aggregate-by-date charts.
  for (let k = 0; k < 1_400; k++) {
    const from = rng.pick(active);
    const to = rng.pick(active);
    if (from === to || related(from.keycloakId, to.keycloakId)) continue;
    const roll = rng.next();
    const status: Decision = roll < 0.45 ? 'ACCEPTED' : roll < 0.75 ? 'REJECTED' : 'PENDING';
    // Activity grows towards the present.
    request(from, to, status, Math.floor(120 * (1 - Math.sqrt(rng.next()))));
  }
  return out;
}

function conversation(
  rng: Rng,
  ids: Ids,
  room: RoomRecord,
  a: UserRecord,
  b: UserRecord,
  count: number,
  from: number,
  to: number,
  out: SeededSocial,
): MessageRecord[] {
  const list: MessageRecord[] = [];
  const span = to - 3_600_000 - from;
  let sender = a;
  for (let n = 0; n < count; n++) {
    // Evenly spread with jitter keeps timestamps increasing without sorting 5,000 messages.
    const at = Math.floor(from + (span * (n + rng.next() * 0.9)) / count);
    if (rng.chance(0.35)) sender = sender === a ? b : a;
    const recipient = sender === a ? b : a;
    const unread = n >= count - 3 && recipient === a;
    let file: string | null = null;
    let text = n === 0 ? rng.pick(OPENERS) : rng.pick(LINES);
    if (n > 0 && n % 700 === 0) {
      file = `${ids.next('file')}.png`;
      out.chatFiles.push({
        filename: file,
        room: room.id,
        user_id: sender.keycloakId,
        content_type: 'image/png',
        data: null,
      });
      text = 'Sent a photo';
    }
    list.push({
      id: ids.next('msg'),
      room: room.id,
      user_id: sender.keycloakId,
      recipient_id: recipient.keycloakId,
      message: text,
      file,
      status: unread ? 'DELIVERED' : 'READ',
      unix_timestamp: Math.floor(at / 1000),
      created_at: iso(at),
    });
  }
  return list;
}

/**
 * The in-memory store: the JSON-serialisable data plus the lookups that would be indexes in a
 * database. Handlers mutate `data` directly; the router calls `touch()` after every successful
 * write so persistence (and anything else listening) sees the change.
 *
 * Every map keyed by id is made prototype-less whenever data comes in (seed, --data file, reset),
 * and the accessors below read own properties only, so an id such as `__proto__` or `constructor`
 * is just an unknown id (see dict.ts).
 */
import { own, toDict } from './dict';
import type {
  ActivityLogRecord,
  ChatFileRecord,
  ImageDecisionRecord,
  ImageRecord,
  KycDocumentRecord,
  MessageRecord,
  OneTimeTokenRecord,
  RoomRecord,
  SandboxData,
  SettingsRecord,
  UserRecord,
} from './types';

/**
 * Activity entries kept per member (every login adds one). Older entries are dropped in batches
 * of a tenth of this, so adding one does not scan the whole log each time.
 */
export const ACTIVITY_LOGS_PER_USER = 500;
const ACTIVITY_TRIM_AT = Math.ceil(ACTIVITY_LOGS_PER_USER * 1.1);

/** Rebuilds the id-keyed maps without a prototype, in place. */
function withDicts(data: SandboxData): SandboxData {
  data.users = toDict(data.users);
  data.settings = toDict(data.settings);
  data.images = toDict(data.images);
  data.imageDecisions = toDict(data.imageDecisions ?? {});
  data.rooms = toDict(data.rooms);
  data.messages = toDict(data.messages);
  data.chatFiles = toDict(data.chatFiles);
  data.blocks = toDict(data.blocks);
  data.kycDocuments = toDict(data.kycDocuments);
  data.oneTimeTokens = toDict(data.oneTimeTokens);
  data.accessTokens = toDict(data.accessTokens);
  data.refreshTokens = toDict(data.refreshTokens);
  data.checkouts = toDict(data.checkouts);
  return data;
}

export class Store {
  #data: SandboxData;
  private byEmail = new Map<string, UserRecord>();
  private byUsername = new Map<string, UserRecord>();
  private roomByPair = new Map<string, RoomRecord>();
  private listeners = new Set<(fromRequest: boolean) => void>();
  /** Users by sign-up date, newest first; rebuilt after any change (admin search reads it a lot). */
  private newestFirst: UserRecord[] | undefined;
  /** Images per user, built on first use; image writes go through addImage/removeImage. */
  private imageIndex: Map<string, ImageRecord[]> | undefined;

  /** Activity entries per user, counted on first use (see addActivity). */
  private activityCounts: Map<string, number> | undefined;

  constructor(data: SandboxData) {
    this.#data = withDicts(data);
    this.reindex();
  }

  /** The whole data set. Read-only as a property: a new data set comes in through replace(). */
  get data(): SandboxData {
    return this.#data;
  }

  /** Replaces the whole data set (a reload or a provider-state reset). */
  replace(data: SandboxData): void {
    this.#data = withDicts(data);
    this.reindex();
    this.touch();
  }

  private reindex(): void {
    this.imageIndex = undefined;
    this.activityCounts = undefined;
    this.newestFirst = undefined;
    this.byEmail.clear();
    this.byUsername.clear();
    this.roomByPair.clear();
    for (const user of Object.values(this.data.users)) this.indexUser(user);
    for (const room of Object.values(this.data.rooms)) this.roomByPair.set(pairKey(...room.members), room);
  }

  private indexUser(user: UserRecord): void {
    this.byEmail.set(user.email.toLowerCase(), user);
    this.byUsername.set(user.username.toLowerCase(), user);
  }

  onChange(listener: (fromRequest: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells listeners the data changed. `fromRequest`: the change came from a request, which the
   * --data journal records by itself; other changes (from code) need a snapshot.
   */
  touch(fromRequest = false): void {
    this.newestFirst = undefined;
    for (const listener of this.listeners) listener(fromRequest);
  }

  /** A short id unique within this data set, such as `ntf-1042`. */
  nextId(prefix: string): string {
    this.data.seq += 1;
    return `${prefix}-${this.data.seq}`;
  }

  user(id: string | number | null | undefined): UserRecord | undefined {
    if (id === null || id === undefined) return undefined;
    return own(this.data.users, String(id));
  }

  settingsOf(userId: string): SettingsRecord | undefined {
    return own(this.data.settings, userId);
  }

  oneTimeToken(token: string): OneTimeTokenRecord | undefined {
    return own(this.data.oneTimeTokens, token);
  }

  chatFile(filename: string): ChatFileRecord | undefined {
    return own(this.data.chatFiles, filename);
  }

  kycDocument(id: string): KycDocumentRecord | undefined {
    return own(this.data.kycDocuments, id);
  }

  blocksOf(userId: string): readonly string[] {
    return own(this.data.blocks, userId) ?? [];
  }

  usersNewestFirst(): readonly UserRecord[] {
    this.newestFirst ??= Object.values(this.data.users).sort((a, b) =>
      a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0,
    );
    return this.newestFirst;
  }

  userByEmail(email: string): UserRecord | undefined {
    return this.byEmail.get(email.trim().toLowerCase());
  }

  userByUsername(username: string): UserRecord | undefined {
    return this.byUsername.get(username.trim().toLowerCase());
  }

  /** Finds a user by id, username or email: admin tools and provider states accept any of them. */
  findUser(key: string | number): UserRecord | undefined {
    const text = String(key);
    return this.user(text) ?? this.userByUsername(text) ?? this.userByEmail(text);
  }

  addUser(user: UserRecord): void {
    this.newestFirst = undefined;
    this.data.users[user.keycloakId] = user;
    this.indexUser(user);
  }

  /** Re-keys a user after an email or username change. */
  renameUser(user: UserRecord, changes: { email?: string; username?: string }): void {
    if (changes.email !== undefined) {
      this.byEmail.delete(user.email.toLowerCase());
      user.email = changes.email;
    }
    if (changes.username !== undefined) {
      this.byUsername.delete(user.username.toLowerCase());
      user.username = changes.username;
    }
    this.indexUser(user);
  }

  removeUser(user: UserRecord): void {
    this.newestFirst = undefined;
    this.imageIndex = undefined;
    delete this.data.users[user.keycloakId];
    this.byEmail.delete(user.email.toLowerCase());
    this.byUsername.delete(user.username.toLowerCase());
  }

  image(filename: string): ImageRecord | undefined {
    return own(this.data.images, filename);
  }

  imagesOf(userId: string): ImageRecord[] {
    if (!this.imageIndex) {
      this.imageIndex = new Map();
      for (const image of Object.values(this.data.images)) {
        const list = this.imageIndex.get(image.user_id);
        if (list) list.push(image);
        else this.imageIndex.set(image.user_id, [image]);
      }
    }
    return this.imageIndex.get(userId) ?? [];
  }

  /** A new image under a name: a decision taken on an earlier image of that name no longer stands. */
  addImage(image: ImageRecord): void {
    this.data.images[image.filename] = image;
    delete this.data.imageDecisions[image.filename];
    this.imageIndex = undefined;
  }

  /** Flags an image for review: a decision taken on an earlier flag no longer stands. */
  flagImage(image: ImageRecord, reason: string | null): void {
    image.flagged = true;
    image.flag_reason = reason;
    delete this.data.imageDecisions[image.filename];
  }

  imageDecision(filename: string): ImageDecisionRecord | undefined {
    return own(this.data.imageDecisions, filename);
  }

  recordImageDecision(decision: ImageDecisionRecord): void {
    this.data.imageDecisions[decision.filename] = decision;
  }

  removeImage(filename: string): void {
    delete this.data.images[filename];
    this.imageIndex = undefined;
  }

  room(id: string): RoomRecord | undefined {
    return own(this.data.rooms, id);
  }

  roomBetween(a: string, b: string): RoomRecord | undefined {
    return this.roomByPair.get(pairKey(a, b));
  }

  /** The room of two members, created on first use. */
  ensureRoom(a: string, b: string, createdAt: string): RoomRecord {
    const existing = this.roomBetween(a, b);
    if (existing) return existing;
    const room: RoomRecord = { id: this.nextId('room'), members: [a, b], created_at: createdAt };
    this.addRoom(room);
    return room;
  }

  addRoom(room: RoomRecord): void {
    this.data.rooms[room.id] = room;
    this.data.messages[room.id] ??= [];
    this.roomByPair.set(pairKey(...room.members), room);
  }

  /** Gives a room another id (provider states name rooms); its messages and files follow. */
  renameRoom(room: RoomRecord, id: string): void {
    if (room.id === id) return;
    const messages = own(this.data.messages, room.id) ?? [];
    delete this.data.messages[room.id];
    delete this.data.rooms[room.id];
    for (const message of messages) message.room = id;
    for (const file of Object.values(this.data.chatFiles)) if (file.room === room.id) file.room = id;
    room.id = id;
    this.data.rooms[id] = room;
    this.data.messages[id] = messages;
  }

  messages(roomId: string): MessageRecord[] {
    let list = own(this.data.messages, roomId);
    if (!list) {
      list = [];
      this.data.messages[roomId] = list;
    }
    return list;
  }

  roomsOf(userId: string): RoomRecord[] {
    return Object.values(this.data.rooms).filter((room) => room.members.includes(userId));
  }

  isBlocked(by: string, other: string): boolean {
    return this.blocksOf(by).includes(other);
  }

  /** Appends an activity entry; a member's oldest entries go once it has too many. */
  addActivity(log: ActivityLogRecord): void {
    this.data.activityLogs.push(log);
    if (!this.activityCounts) {
      this.activityCounts = new Map();
      for (const entry of this.data.activityLogs)
        this.activityCounts.set(entry.user_id, (this.activityCounts.get(entry.user_id) ?? 0) + 1);
    } else {
      this.activityCounts.set(log.user_id, (this.activityCounts.get(log.user_id) ?? 0) + 1);
    }
    const count = this.activityCounts.get(log.user_id) ?? 0;
    if (count < ACTIVITY_TRIM_AT) return;
    // Entries are appended as they happen, so the first ones of the member are the oldest.
    let excess = count - ACTIVITY_LOGS_PER_USER;
    this.data.activityLogs = this.data.activityLogs.filter((entry) => {
      if (excess === 0 || entry.user_id !== log.user_id) return true;
      excess -= 1;
      return false;
    });
    this.activityCounts.set(log.user_id, ACTIVITY_LOGS_PER_USER);
  }

  /** Members with an ACCEPTED match request either way: who may chat and see contact details. */
  mutualIds(userId: string): string[] {
    const ids = new Set<string>();
    for (const request of this.data.matchRequests) {
      if (request.status !== 'ACCEPTED') continue;
      if (request.user_id === userId) ids.add(request.recipient_id);
      else if (request.recipient_id === userId) ids.add(request.user_id);
    }
    return [...ids];
  }
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

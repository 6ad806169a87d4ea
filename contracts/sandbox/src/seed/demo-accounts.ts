/**
 * The demo logins of README.md: who they are, what each one shows, and the roles of members and
 * admins. The accounts themselves are generated in users.ts.
 */
import type { AccountStatus, ProfileRecord } from '../state/types';

export const MEMBER_ROLES = ['General'];
export const ADMIN_ROLES = ['Admin', 'offline_access'];

export type DemoKey =
  | 'admin'
  | 'member1'
  | 'member2'
  | 'member3'
  | 'member4'
  | 'member5'
  | 'new'
  | 'suspended'
  | 'deleted';

export interface DemoAccount {
  key: DemoKey;
  email: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'admin', email: 'admin@sandbox.test', description: 'admin: the back office' },
  { key: 'member1', email: 'member1@sandbox.test', description: 'member, complete profile, subscribed' },
  { key: 'member2', email: 'member2@sandbox.test', description: 'member, 5,000-message chat with member1' },
  { key: 'member3', email: 'member3@sandbox.test', description: 'member, KYC pending' },
  { key: 'member4', email: 'member4@sandbox.test', description: 'member, KYC rejected' },
  { key: 'member5', email: 'member5@sandbox.test', description: 'member, complete profile' },
  { key: 'new', email: 'new@sandbox.test', description: 'member, empty profile' },
  {
    key: 'suspended',
    email: 'suspended@sandbox.test',
    description: 'suspended: every call after login answers 406',
  },
  { key: 'deleted', email: 'deleted@sandbox.test', description: 'is_deleted: goes to /account/reactivate' },
];

export interface DemoSpec {
  key: DemoKey;
  username: string;
  first_name: string;
  last_name: string;
  roles: string[];
  status: AccountStatus;
  is_deleted: boolean;
  /** Country code and city of the profile; absent for the empty profile. */
  place?: { country: string; city: string };
  profile?: Partial<ProfileRecord>;
}

export const DEMO_SPECS: readonly DemoSpec[] = [
  {
    key: 'admin',
    username: 'sandbox.admin',
    first_name: 'Sandbox',
    last_name: 'Admin',
    roles: ADMIN_ROLES,
    status: 'active',
    is_deleted: false,
    place: { country: 'GB', city: 'London' },
  },
  {
    key: 'member1',
    username: 'sarah.mitchell',
    first_name: 'Sarah',
    last_name: 'Mitchell',
    roles: MEMBER_ROLES,
    status: 'active',
    is_deleted: false,
    place: { country: 'US', city: 'Atlanta' },
    profile: {
      sex: 'female',
      religion: 'christian',
      church_denomination: 'Baptist',
      occupation: 'Pharmacist',
    },
  },
  {
    key: 'member2',
    username: 'nathan.jensen',
    first_name: 'Nathan',
    last_name: 'Jensen',
    roles: MEMBER_ROLES,
    status: 'active',
    is_deleted: false,
    place: { country: 'US', city: 'Salt Lake City' },
    profile: {
      sex: 'male',
      religion: 'mormon',
      church_denomination: 'The Church of Jesus Christ of Latter-day Saints',
      occupation: 'Civil Engineer',
    },
  },
  {
    key: 'member3',
    username: 'aisha.rahman',
    first_name: 'Aisha',
    last_name: 'Rahman',
    roles: MEMBER_ROLES,
    status: 'active',
    is_deleted: false,
    place: { country: 'GB', city: 'London' },
    profile: { sex: 'female', religion: 'muslim', church_denomination: 'Sunni', occupation: 'Doctor' },
  },
  {
    key: 'member4',
    username: 'arjun.sharma',
    first_name: 'Arjun',
    last_name: 'Sharma',
    roles: MEMBER_ROLES,
    status: 'active',
    is_deleted: false,
    place: { country: 'CA', city: 'Toronto' },
    profile: {
      sex: 'male',
      religion: 'hindu',
      church_denomination: 'Vaishnavism',
      occupation: 'Software Engineer',
    },
  },
  {
    key: 'member5',
    username: 'noa.levi',
    first_name: 'Noa',
    last_name: 'Levi',
    roles: MEMBER_ROLES,
    status: 'active',
    is_deleted: false,
    place: { country: 'IL', city: 'Tel Aviv' },
    profile: {
      sex: 'female',
      religion: 'jew',
      church_denomination: 'Modern Orthodox',
      occupation: 'Architect',
    },
  },
  {
    key: 'new',
    username: 'new.member',
    first_name: 'New',
    last_name: 'Member',
    roles: MEMBER_ROLES,
    status: 'active',
    is_deleted: false,
  },
  {
    key: 'suspended',
    username: 'suspended.member',
    first_name: 'Samuel',
    last_name: 'Carter',
    roles: MEMBER_ROLES,
    status: 'suspended',
    is_deleted: false,
    place: { country: 'NG', city: 'Lagos' },
    profile: { sex: 'male', religion: 'christian' },
  },
  {
    key: 'deleted',
    username: 'deleted.member',
    first_name: 'Hannah',
    last_name: 'Walker',
    roles: MEMBER_ROLES,
    status: 'archived',
    is_deleted: true,
    place: { country: 'AU', city: 'Sydney' },
    profile: { sex: 'female', religion: 'christian' },
  },
];

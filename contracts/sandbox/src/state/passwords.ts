/**
 * Password hashes as the records keep them: salted SHA-256, which is enough for demo data that
 * holds no real secret. Here rather than with the tokens (core/auth.ts) because the seed hashes
 * the demo passwords too.
 */
import { createHash } from 'node:crypto';
import type { UserRecord } from './types';

export function hashPassword(password: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${password}`).digest('hex');
}

export function checkPassword(user: UserRecord, password: string): boolean {
  return hashPassword(password, user.password_salt) === user.password_hash;
}

import * as z from 'zod/mini';
import { boundedText, TEXT_LIMITS } from './limits';
import { roleSchema } from './user';

/** Tokens as the SDK keeps them. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Login and refresh answers carry both tokens. Login adds who logged in (the client routes admins
 * and deleted accounts before user info arrives); other fields (expiry) are kept as sent.
 */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  user_id: z.optional(z.string()),
  roles: z.optional(z.array(roleSchema)),
  is_deleted: z.optional(z.boolean()),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const loginSchema = z.object({
  email: boundedText(TEXT_LIMITS.email),
  password: boundedText(TEXT_LIMITS.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const refreshSchema = z.object({ refresh_token: boundedText(TEXT_LIMITS.token) });
export type RefreshInput = z.infer<typeof refreshSchema>;

export const toTokens = (answer: TokenResponse): Tokens => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token,
});

import { and, eq, gt, isNull } from "drizzle-orm";
import { hashToken, randomToken } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { userTokens } from "../../db/schema/index.ts";

/**
 * Single-use, expiring tokens sent by e-mail (password reset, e-mail verification, invitation).
 * Only the SHA-256 of a token is stored; the token itself exists only in the e-mailed link.
 */
export type TokenPurpose = "password_reset" | "email_verification" | "invitation";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 48 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

/**
 * A new token for `userId`. Earlier unused tokens of the same purpose are deleted first, so only
 * the latest e-mailed link works.
 */
export async function issueUserToken(database: Db, userId: number, purpose: TokenPurpose, now = Date.now()): Promise<string> {
  const token = randomToken();
  await database.delete(userTokens).where(and(eq(userTokens.user_id, userId), eq(userTokens.purpose, purpose), isNull(userTokens.used_at)));
  await database.insert(userTokens).values({
    token_hash: await hashToken(token),
    user_id: userId,
    purpose,
    expires_at: new Date(now + TOKEN_TTL_MS[purpose]).toISOString(),
  });
  return token;
}

/** The user id behind a live (unused, unexpired) token, without using it up; null otherwise. */
export async function peekUserToken(database: Db, token: string, purpose: TokenPurpose): Promise<number | null> {
  const [row] = await database
    .select({ user_id: userTokens.user_id })
    .from(userTokens)
    .where(and(eq(userTokens.token_hash, await hashToken(token)), eq(userTokens.purpose, purpose), isNull(userTokens.used_at), gt(userTokens.expires_at, new Date().toISOString())));
  return row?.user_id ?? null;
}

/**
 * Uses a live token up and returns its user id, or null when it is unknown, used or expired.
 * One conditional UPDATE, so two concurrent requests cannot both use the same token.
 * With `userId`, a token of another user is refused (and left untouched).
 */
export async function consumeUserToken(database: Db, token: string, purpose: TokenPurpose, userId?: number): Promise<number | null> {
  const now = new Date().toISOString();
  const conditions = [
    eq(userTokens.token_hash, await hashToken(token)),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.used_at),
    gt(userTokens.expires_at, now),
    ...(userId === undefined ? [] : [eq(userTokens.user_id, userId)]),
  ];
  const [row] = await database.update(userTokens).set({ used_at: now }).where(and(...conditions)).returning({ user_id: userTokens.user_id });
  return row?.user_id ?? null;
}

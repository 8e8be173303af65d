/**
 * Daily housekeeping (cron in wrangler.toml): removes what can no longer be used — expired
 * sessions, used or expired e-mailed tokens, ended rate-limit windows, stale SSO login states.
 * Deleting a used token changes nothing for its holder: an unknown token is refused like a used one.
 */
export async function purgeExpired(database: D1Database, now: Date): Promise<Record<string, number>> {
  const iso = now.toISOString();
  const statements = {
    sessions: database.prepare("DELETE FROM sessions WHERE expires_at <= ?1").bind(iso),
    user_tokens: database.prepare("DELETE FROM user_tokens WHERE expires_at <= ?1 OR used_at IS NOT NULL").bind(iso),
    rate_limits: database.prepare("DELETE FROM rate_limits WHERE window_ends_at <= ?1").bind(now.getTime()),
    sso_states: database.prepare("DELETE FROM sso_states WHERE expires_at <= ?1").bind(iso),
  };
  const results = await database.batch(Object.values(statements));
  return Object.fromEntries(Object.keys(statements).map((name, index) => [name, results[index]?.meta.changes ?? 0]));
}

import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before each test file: the same SQL files wrangler applies, so tests see the real schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

import { defineConfig } from "drizzle-kit";

// Generates append-only SQL into migrations/, the folder wrangler.toml's migrations_dir reads.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/index.ts",
  out: "./migrations",
});

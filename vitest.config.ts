import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Three layers: pure domain rules in Node, worker + Durable Objects inside workerd, web in happy-dom.
export default defineConfig({
  test: {
    // Every core, not vitest's default of one less: workers-pool files spend most of their time in
    // workerd (another process), so on a 2-core CI machine two files at once take ~20 % less time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: { name: "domain", include: ["domain/**/*.test.ts"], environment: "node" },
      },
      {
        // The project's own tools (npm start's migration report, the boundary check), in Node.
        test: { name: "tools", include: ["scripts/**/*.test.ts"], exclude: ["scripts/fixtures/**"], environment: "node" },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, "migrations")) },
            },
          })),
        ],
        test: {
          name: "workers",
          disableConsoleIntercept: true,
          deps: { optimizer: { ssr: { enabled: true, include: ["hono", "hono/factory", "hono/validator", "hono/http-exception", "hono/cookie", "hono/request-id", "drizzle-orm", "drizzle-orm/sqlite-core", "drizzle-orm/batch", "drizzle-orm/d1", "zod", "jose", "fast-check", "mediabunny"] } } },
          include: ["worker/**/*.test.ts", "durable/**/*.test.ts"],
          setupFiles: ["./worker/test/apply-migrations.ts"],
          // A real OpenID Connect provider (oidc-provider, in Node) for the SSO tests, read with inject().
          globalSetup: ["./scripts/oidc-global-setup.ts"],
        },
      },
      {
        plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui()],
        test: {
          name: "web",
          deps: { optimizer: { client: { enabled: true, include: ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime", "@tanstack/react-router", "@testing-library/react", "@lingui/core", "@lingui/react", "valtio", "valtio/utils", "dexie", "dexie-react-hooks", "zod", "hono/client", "fast-check"] } } },
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./web/test/setup.ts"],
        },
      },
    ],
  },
});

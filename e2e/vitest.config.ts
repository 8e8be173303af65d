import { defineConfig } from "vitest/config";

// End-to-end journeys: Debian Chromium (playwright-core) against the *built* app served by
// `vite preview` (the built worker in workerd, with its own throw-away D1/R2/DO state).
export default defineConfig({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

import { defineConfig } from "@lingui/cli";

// fr is the source-less default locale of SPEC §1; messages are written in English in the code
// (the source locale) and English is the fallback for anything missing.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "pt", "es", "de"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/web/i18n/locales/{locale}/messages",
      include: ["<rootDir>/web"],
      exclude: ["**/node_modules/**", "**/*.test.*", "<rootDir>/web/routeTree.gen.ts"],
    },
  ],
  format: "po",
});

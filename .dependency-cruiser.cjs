/**
 * The layers' one-way imports (docs/architecture.md "Imports go one way"), checked by `npm test`
 * (scripts/boundaries.mjs). domain ← worker, durable, web; web reaches the worker only for the type
 * of its API (AppType); durable never imports the worker's features (the worker injects them).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ is shared by the browser, the worker and the Durable Objects: it imports only domain/ and npm packages, no runtime (node:, cloudflare:) module.",
      severity: "error",
      from: { path: "^domain/" },
      to: { pathNot: ["^domain/", "(^|/)node_modules/"] },
    },
    {
      name: "web-not-into-worker",
      comment: "The web reaches the worker only through HTTP: it imports nothing of worker/ or durable/ but the type of the API.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: ["^worker/", "^durable/"], pathNot: "^worker/app\\.ts$" },
    },
    {
      name: "web-api-type-only",
      comment: "worker/app.ts is imported for `import type { AppType }` only, never its code.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^worker/app\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "durable-not-into-worker-features",
      comment: "A Durable Object is transport around domain rules: what it needs of the worker is injected (worker/durable-objects.ts). Its integration tests run the whole worker and may use its test helpers.",
      severity: "error",
      from: { path: "^durable/", pathNot: "\\.test\\.ts$" },
      to: { path: "^worker/features/" },
    },
    {
      name: "server-not-into-web",
      comment: "Neither the worker nor the Durable Objects import the browser app.",
      severity: "error",
      from: { path: ["^worker/", "^durable/"] },
      to: { path: "^web/" },
    },
    {
      name: "no-cycles",
      comment: "Modules that import each other cannot be understood, tested or moved one at a time.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "^dist/", "\\.gen\\.ts$"] },
    tsPreCompilationDeps: true,
    // The repository's worker tsconfig when there is one (the checker's own tests run it on a fixture tree without).
    ...(require("node:fs").existsSync("tsconfig.worker.json") ? { tsConfig: { fileName: "tsconfig.worker.json" } } : {}),
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};

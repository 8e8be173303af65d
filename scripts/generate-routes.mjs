// Regenerates web/routeTree.gen.ts from web/routes without a build (`npm run routes`); `vite dev`
// and `vite build` regenerate it too, through the router plugin, with the same options.
import { Generator, getConfig } from "@tanstack/router-generator";

const config = getConfig({ target: "react", routesDirectory: "./web/routes", generatedRouteTree: "./web/routeTree.gen.ts", autoCodeSplitting: true }, process.cwd());
await new Generator({ config, root: process.cwd() }).run();
console.log("web/routeTree.gen.ts is up to date");

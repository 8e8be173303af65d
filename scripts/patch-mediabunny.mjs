#!/usr/bin/env node
// Run by `npm install` / `npm ci` (package.json "postinstall"): fixes a hang in mediabunny 1.61.0,
// the latest release (docs/decisions.md "mediabunny's resync hang"). Its Matroska `resync` loops
// forever when the last chunk it scans is exactly 8 bytes (`slice.length < MAX_VAR_INT_SIZE` lets an
// 8-byte slice through, the scan loop then runs 0 times and the position never moves): a WebM with
// junk where an element should be froze the Worker's request (or the browser's tab) for good. The
// fix stops on a slice of 8 bytes or fewer, as on a shorter one. Idempotent; a no-op once a release
// fixes it (the pattern is then absent).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "node_modules", "mediabunny");
const files = ["src/matroska/ebml.ts", "dist/modules/src/matroska/ebml.js", "dist/bundles/mediabunny.cjs", "dist/bundles/mediabunny.node.cjs", "dist/bundles/mediabunny.mjs"];
const BROKEN = "slice.length < MAX_VAR_INT_SIZE";
const FIXED = "slice.length <= MAX_VAR_INT_SIZE";
let patched = 0;
for (const file of files) {
  const path = join(root, file);
  if (!existsSync(path)) continue;
  const text = readFileSync(path, "utf8");
  if (!text.includes(BROKEN)) continue;
  writeFileSync(path, text.replaceAll(BROKEN, FIXED));
  patched++;
}
if (patched > 0) console.log(`patch-mediabunny: fixed the Matroska resync hang in ${patched} file(s)`);

import { z } from "zod";

/**
 * Imported first by web/main.tsx. zod's JIT (object parsers compiled with `new Function`) needs
 * 'unsafe-eval', which the app's Content-Security-Policy refuses (worker/http/security-headers.ts);
 * zod would probe for it on the first parse and the probe alone is reported as a violation. The
 * interpreted parsers give the same results.
 */
z.config({ jitless: true });

import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../worker/env.ts";

// Placeholder replaced by the Durable Object helper.
export class WebcastRoom extends DurableObject<Env> {}

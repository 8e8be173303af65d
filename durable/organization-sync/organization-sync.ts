import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../worker/env.ts";

// Filled in by the sync work of issue #4 (docs/sync.md): serializes an organization's pushes, pokes its devices.
export class OrganizationSync extends DurableObject<Env> {}

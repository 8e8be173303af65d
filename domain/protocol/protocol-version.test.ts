import { describe, expect, it } from "vitest";
import { z } from "zod";
import { clientMessageSchema } from "./client-messages.ts";
import { serverMessageSchema } from "./server-messages.ts";
import { PROTOCOL_VERSION } from "./version.ts";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("protocol version", () => {
  it("is bumped whenever a message schema changes", async () => {
    const shape = JSON.stringify({
      client: z.toJSONSchema(clientMessageSchema),
      server: z.toJSONSchema(serverMessageSchema),
    });
    // If this fails, a client or server message changed shape: old clients may not understand the
    // new one. Bump PROTOCOL_VERSION (old clients then get `reload`), then update both values here.
    expect({ hash: (await sha256(shape)).slice(0, 16), version: PROTOCOL_VERSION }).toEqual({
      hash: "79410649c0306948",
      version: 6,
    });
  });
});

import { Hono } from "hono";
import { z } from "zod";
import { LOCALE_HEADER } from "../../../durable/headers.ts";
import { webcastRoomStub } from "../../../durable/stubs.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { isWebsocketUpgrade } from "../../http/origin.ts";
import { parseOrThrow } from "../../http/validate.ts";
import { type LocalizedText } from "../../../domain/validation/localized.ts";

/** Webcast ids are positive integers without leading zeros, so one webcast maps to one room name. */
const params = z.object({ id: z.string().regex(/^[1-9][0-9]{0,14}$/) });

// There is no 426 in the error catalogue (SPEC §8): a plain HTTP request gets a 400 that says why.
const UPGRADE_REQUIRED: LocalizedText = {
  en: "This address only accepts websocket connections (Upgrade: websocket).",
  fr: "Cette adresse n'accepte que les connexions websocket (Upgrade: websocket).",
};

/**
 * GET /api/webcasts/:id/room: opens the webcast's realtime room (protocol in domain/protocol).
 * Thin: validates, then hands the upgrade request to the webcast's Durable Object. An upgrade from
 * another origin never gets here (403 in the csrf middleware, worker/http/origin.ts).
 */
export const webcastRoom = new Hono<AppEnv>().get("/:id/room", async (c) => {
  const { id } = parseOrThrow(params, c.req.param(), c.var.locale);
  if (!isWebsocketUpgrade(c.req.raw)) {
    throw new ApiError("bad_request", { message: UPGRADE_REQUIRED[c.var.locale] });
  }
  // Authorization goes here: the caller must be allowed to join webcast `id` (added with auth).
  const headers = new Headers(c.req.raw.headers);
  headers.set(LOCALE_HEADER, c.var.locale);
  return webcastRoomStub(c.env, id).fetch(c.req.url, { headers });
});

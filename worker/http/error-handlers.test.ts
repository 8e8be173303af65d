import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./api-error.ts";
import { notFound, onError } from "./error-handlers.ts";
import { locale, requestId } from "./middleware.ts";
import { parseOrThrow } from "./validate.ts";

// A small app wired exactly like worker/app.ts, with routes that fail in each way.
const app = new Hono<AppEnv>()
  .use(requestId)
  .use(locale)
  .get("/boom", () => {
    throw new Error("unexpected");
  })
  .get("/teapot", () => {
    throw new HTTPException(429);
  })
  .get("/locked", () => {
    throw new ApiError("locked", { message: "Custom text" });
  })
  .post("/validate", async (c) => {
    const body = parseOrThrow(z.object({ name: z.string().min(3) }), await c.req.json(), c.var.locale);
    return c.json(body);
  });
app.notFound(notFound);
app.onError(onError);

describe("error shape (SPEC §8)", () => {
  it("answers unknown paths with a JSON 404 in French by default", async () => {
    const response = await app.request("/nowhere");
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({ message: "Cette page ou ressource n'existe pas.", code: "not_found", requestId: response.headers.get("X-Request-Id") });
  });

  it("speaks English when asked by Accept-Language, X-Locale or ?lang, German for de, and French for a language it does not speak", async () => {
    const en = await (await app.request("/nowhere", { headers: { "Accept-Language": "en-GB,en;q=0.9" } })).json<{ message: string }>();
    const viaHeader = await (await app.request("/nowhere", { headers: { "X-Locale": "en" } })).json<{ message: string }>();
    const viaQuery = await (await app.request("/nowhere?lang=en", { headers: { "Accept-Language": "fr" } })).json<{ message: string }>();
    const de = await (await app.request("/nowhere", { headers: { "Accept-Language": "de" } })).json<{ message: string }>();
    expect([en.message, viaHeader.message, viaQuery.message]).toEqual(Array(3).fill("This page or resource does not exist."));
    const ja = await (await app.request("/nowhere", { headers: { "Accept-Language": "ja" } })).json<{ message: string }>();
    expect(de.message).toBe("Diese Seite oder Ressource existiert nicht.");
    expect(ja.message).toBe("Cette page ou ressource n'existe pas.");
  });

  it("keeps a caller's request id", async () => {
    const response = await app.request("/nowhere", { headers: { "X-Request-Id": "abc-123" } });
    expect(response.headers.get("X-Request-Id")).toBe("abc-123");
    expect((await response.json<{ requestId: string }>()).requestId).toBe("abc-123");
  });

  it("hides unexpected exceptions behind a 500", async () => {
    const response = await app.request("/boom", { headers: { "Accept-Language": "en" } });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: "server_error", message: "Something went wrong. Please try again." });
  });

  it("maps Hono HTTP exceptions and custom messages", async () => {
    const limited = await app.request("/teapot", { headers: { "Accept-Language": "en" } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "too_many_attempts", message: "Too many attempts. Please try again later." });
    const locked = await app.request("/locked");
    expect(locked.status).toBe(423);
    expect(await locked.json()).toMatchObject({ code: "locked", message: "Custom text" });
  });

  it("returns field errors as field → messages with a 422, localized", async () => {
    const init = (language: string) => ({ method: "POST", body: JSON.stringify({ name: "a" }), headers: { "Content-Type": "application/json", "Accept-Language": language } });
    const en = await app.request("/validate", init("en"));
    expect(en.status).toBe(422);
    const enBody = await en.json<{ code: string; message: string; errors: Record<string, string[]> }>();
    expect(enBody.code).toBe("validation_failed");
    expect(enBody.message).toBe("The given data was invalid.");
    expect(enBody.errors.name).toEqual(["This field must be at least 3 characters."]);
    const fr = await (await app.request("/validate", init("fr"))).json<{ message: string; errors: Record<string, string[]> }>();
    expect(fr.message).toBe("Les données fournies sont invalides.");
    expect(fr.errors.name).toEqual(["Ce champ doit contenir au moins 3 caractères."]);
  });
});

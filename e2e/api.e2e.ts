import { expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

it("the built worker answers health and unknown API paths in the error shape", async () => {
  const health = await fetch(`${baseUrl}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", d1: true, migrations: { ok: true } });

  const missing = await fetch(`${baseUrl}/api/nothing-here`, { headers: { "Accept-Language": "en" } });
  expect(missing.status).toBe(404);
  expect(missing.headers.get("content-type")).toContain("application/json");
  const body = await missing.json();
  expect(body).toEqual({ message: "This page or resource does not exist.", code: "not_found", requestId: missing.headers.get("x-request-id") });
});

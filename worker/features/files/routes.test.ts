import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base64url, hmac, randomToken } from "../../auth/tokens.ts";
import { TestClient } from "../../test/client.ts";
import { FILE_URL_TTL, FILES_PATH, signFileUrl, verifyFileToken } from "./signed-urls.ts";

/** 1000 bytes, byte i = i mod 251: each range of the file is recognizable. */
const CONTENT = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

async function stored(content: Uint8Array | string = CONTENT, contentType = "video/mp4"): Promise<string> {
  const key = `tests/files/${randomToken()}`;
  await env.MEDIA.put(key, content, { httpMetadata: { contentType } });
  return key;
}

/** Nobody signed in: the URL is the credential. */
const anonymous = () => new TestClient("en");

async function bodyBytes(response: Response): Promise<number[]> {
  return [...new Uint8Array(await response.arrayBuffer())];
}

function range(from: number, to: number): number[] {
  return [...CONTENT.slice(from, to + 1)];
}

describe("GET /api/files/:token", () => {
  it("serves the signed object to anyone holding the URL, inline, privately cached while the URL lives", async () => {
    const key = await stored();
    const url = await signFileUrl(env, { key });
    expect(url.startsWith(FILES_PATH)).toBe(true);
    const response = await anonymous().get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Length")).toBe("1000");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Disposition")).toBe("inline");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("ETag")).toMatch(/^".+"$/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(response.headers.get("Cache-Control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(FILE_URL_TTL.default_s - 5);
    expect(maxAge).toBeLessThanOrEqual(FILE_URL_TTL.default_s);
    // A video plays even opened on its own: no sandbox, only itself may load.
    expect(response.headers.get("Content-Security-Policy")).not.toContain("sandbox");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(await bodyBytes(response)).toEqual([...CONTENT]);
  });

  it("downloads under the signed name and type; anything but media is sandboxed", async () => {
    const key = await stored("<script>alert(1)</script>", "text/html");
    const response = await anonymous().get(await signFileUrl(env, { key, download_name: "Été report.html", content_type: "text/plain" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="_t_ report.html"; filename*=UTF-8''%C3%89t%C3%A9%20report.html`);
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    const inline = await anonymous().get(await signFileUrl(env, { key }));
    expect(inline.headers.get("Content-Type")).toBe("text/html");
    expect(inline.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  });

  it("answers one range with 206 and its bytes: the first bytes, the middle, a suffix, an open end, an end past the size", async () => {
    const url = await signFileUrl(env, { key: await stored() });
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      ["bytes=500-649", 500, 649],
      ["bytes=-100", 900, 999],
      ["bytes=990-", 990, 999],
      ["bytes=998-5000", 998, 999],
      ["bytes=-5000", 0, 999],
    ];
    for (const [header, from, to] of cases) {
      const response = await anonymous().request(url, { headers: { Range: header } });
      expect(response.status, header).toBe(206);
      expect(response.headers.get("Content-Range"), header).toBe(`bytes ${from}-${to}/1000`);
      expect(response.headers.get("Content-Length"), header).toBe(String(to - from + 1));
      expect(response.headers.get("Accept-Ranges")).toBe("bytes");
      expect(await bodyBytes(response), header).toEqual(range(from, to));
    }
  });

  it("answers 416 with the size to a range past the end; several ranges or a malformed one get the whole file", async () => {
    const url = await signFileUrl(env, { key: await stored() });
    for (const header of ["bytes=1000-", "bytes=1000-1200", "bytes=-0"]) {
      const response = await anonymous().request(url, { headers: { Range: header } });
      expect(response.status, header).toBe(416);
      expect(response.headers.get("Content-Range"), header).toBe("bytes */1000");
    }
    for (const header of ["bytes=0-1,5-6", "bytes=9-3", "items=0-5"]) {
      const response = await anonymous().request(url, { headers: { Range: header } });
      expect(response.status, header).toBe(200);
      expect((await bodyBytes(response)).length).toBe(1000);
    }
  });

  it("answers 304 to a matching If-None-Match, and the whole file when If-Range names another version", async () => {
    const url = await signFileUrl(env, { key: await stored() });
    const etag = (await anonymous().get(url)).headers.get("ETag") ?? "";
    const notModified = await anonymous().request(url, { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect((await anonymous().request(url, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
    const stale = await anonymous().request(url, { headers: { Range: "bytes=0-9", "If-Range": '"other"' } });
    expect(stale.status).toBe(200);
    const current = await anonymous().request(url, { headers: { Range: "bytes=0-9", "If-Range": etag } });
    expect(current.status).toBe(206);
    expect(await bodyBytes(current)).toEqual(range(0, 9));
  });

  it("answers HEAD with the headers only, ranges included", async () => {
    const url = await signFileUrl(env, { key: await stored(), download_name: "replay.mp4" });
    const whole = await anonymous().request(url, { method: "HEAD" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe("1000");
    expect(whole.headers.get("Content-Disposition")).toContain('filename="replay.mp4"');
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
    const part = await anonymous().request(url, { method: "HEAD", headers: { Range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 10-19/1000");
    expect((await part.arrayBuffer()).byteLength).toBe(0);
  });

  it("refuses an expired URL (403, en and fr) and caps a URL's life at 24 hours", async () => {
    const key = await stored();
    const expired = await signFileUrl(env, { key }, Date.now() - (FILE_URL_TTL.default_s + 1) * 1000);
    const en = await anonymous().get(expired);
    expect(en.status).toBe(403);
    expect(await en.json()).toMatchObject({ code: "forbidden", message: "This link has expired: reload the page to get a new one.", requestId: expect.any(String) });
    const fr = await new TestClient("fr").get(expired);
    expect((await fr.json<{ message: string }>()).message).toBe("Ce lien a expiré : rechargez la page pour en obtenir un nouveau.");
    expect((await anonymous().get(await signFileUrl(env, { key, expires_in_s: 60 }, Date.now() - 61_000))).status).toBe(403);

    const long = await anonymous().get(await signFileUrl(env, { key, expires_in_s: 10 * 24 * 3600 }));
    expect(Number(/max-age=(\d+)/.exec(long.headers.get("Cache-Control") ?? "")?.[1])).toBeLessThanOrEqual(FILE_URL_TTL.max_s);
  });

  it("binds the exact key: a payload changed under its signature, signatures swapped, or one signed with APP_KEY itself are refused", async () => {
    const [first, second] = [await stored(CONTENT), await stored("the other object")];
    // Different lives, so no forged payload below equals the second URL's own.
    const [firstUrl, secondUrl] = [await signFileUrl(env, { key: first }), await signFileUrl(env, { key: second, expires_in_s: 600 })];
    expect(await bodyBytes(await anonymous().get(firstUrl))).toEqual([...CONTENT]);
    expect(await (await anonymous().get(secondUrl)).text()).toBe("the other object");

    const [body = "", signature = ""] = firstUrl.slice(FILES_PATH.length).split(".");
    const payload = JSON.parse(atob(body.replaceAll("-", "+").replaceAll("_", "/")));
    const tampered = base64url(new TextEncoder().encode(JSON.stringify({ ...payload, k: second })));
    const secondSignature = secondUrl.split(".")[1] ?? "";
    const longer = base64url(new TextEncoder().encode(JSON.stringify({ ...payload, e: payload.e + 3600 })));
    const forged = [
      `${tampered}.${signature}`,
      `${tampered}.${secondSignature}`,
      `${body}.${secondSignature}`,
      `${longer}.${signature}`,
      `${body}.${signature.slice(0, -2)}AA`,
      `${body}.${await hmac(env.APP_KEY, body)}`,
      `${body}.${signature}.x`,
      "not-a-token",
    ];
    for (const token of forged) {
      const response = await anonymous().get(`${FILES_PATH}${token}`);
      expect(response.status, token).toBe(403);
      expect(await verifyFileToken(env, token)).toBeNull();
    }
  });

  it("answers 404 once the object is gone", async () => {
    const key = await stored();
    const url = await signFileUrl(env, { key });
    await env.MEDIA.delete(key);
    const response = await anonymous().get(url);
    expect(response.status).toBe(404);
    expect((await response.json<{ message: string }>()).message).toBe("This file no longer exists.");
  });
});

import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { FIRST_SCREEN_DATA_ID } from "../../../domain/viewer-page/first-screen.ts";
import { brandingPrefix } from "../../../domain/branding/images.ts";
import { seedDemo } from "../../test/client.ts";
import worker from "../../index.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertWebcast } from "../webcasts/testing.ts";

beforeAll(seedDemo);

// watch.html as the build writes it (the catalogs' map, the entry, the app's manifest, an empty #root), with the
// assets' headers: the `_headers` CSP and a validator.
const WATCH_HTML = `<!doctype html><html><head><meta name="igo-catalogs" content="{&quot;en&quot;:&quot;/assets/messages-en.js&quot;,&quot;fr&quot;:&quot;/assets/messages-fr.js&quot;}"><meta name="description" content="iGo Events" /><title>iGo</title><script type="module" crossorigin src="/assets/watch.js"></script><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

/** The worker with a stub assets binding answering watch.html at /watch; records what it was asked. */
async function page(path: string, headers: Record<string, string> = {}) {
  const asked: Request[] = [];
  const ASSETS = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      asked.push(request);
      return new Response(WATCH_HTML, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"watch"', "Content-Security-Policy": CSP, "X-Frame-Options": "DENY" } });
    },
    connect(): never {
      throw new Error("not a socket");
    },
  };
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers: { Accept: "text/html", ...headers } }), { ...env, ASSETS }, createExecutionContext());
  return { response, html: await response.text(), asked };
}

function dataOf(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`).exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe("GET /w/{id}: watch.html with the webcast's first screen", { timeout: 20_000 }, () => {
  it("writes the language, title, description, Open Graph tags, preloads, data and first screen; keeps the security headers", async () => {
    const org = await createOrganization();
    const id = uuidv7();
    const title = `Town hall </script><script>alert("x")</script> & more`;
    const webcast = await insertWebcast(org.id, { id, event_title: title, description: "Results <b>and</b> questions", event_start_date_time: "2030-01-01T15:00:00.000Z", cover_key: `${brandingPrefix(id)}cover-${"c".repeat(20)}${id.slice(-8)}` });
    const { response, html, asked } = await page(`/w/${webcast.id}?lang=fr`, { "If-None-Match": '"watch"' });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe(CSP);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("ETag")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    // The assets are asked for the whole file (its body is rewritten), at /watch.
    expect(new URL(asked[0]?.url ?? "").pathname).toBe("/watch");
    expect(asked[0]?.headers.get("If-None-Match")).toBeNull();

    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<title>Town hall &lt;/script&gt;&lt;script&gt;alert("x")&lt;/script&gt; &amp; more</title>`);
    // HTMLRewriter's setAttribute escapes what could end the quoted value; `<` is inert inside it.
    expect(html).toContain('<meta name="description" content="Results <b>and</b> questions" />');
    expect(html).toContain('<meta property="og:title" content="Town hall &lt;/script&gt;');
    expect(html).toContain(`<meta property="og:image" content="http://localhost/api/webcasts/${id}/branding/cover-`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost/w/${id}">`);
    // No script is preloaded: the entry loads the page's code and its catalog after the first paint.
    expect(html).not.toContain("modulepreload");
    // The webcast's own manifest in place of the app's (installing opens this webcast).
    expect(html).toContain(`<link rel="manifest" href="/w/${id}/manifest.webmanifest">`);
    expect(html).toContain(`<link rel="preload" as="image" href="/api/webcasts/${id}/branding/cover-`);
    // One script element of code (the entry) and one of data; the title never ends the data block.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(dataOf(html)).toMatchObject({ id, title, description: "Results <b>and</b> questions", state: "upcoming" });
    expect(html).toMatch(/<div id="root"><div class="public-layout" data-first-screen="">.*<h1 class="page-title viewer-page__title">Town hall &lt;\/script&gt;/);
    expect(html).toContain("À venir");
  });

  it("speaks the browser's language without ?lang=, and the stored choice's (cookie) before it", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id, { event_title: "Town hall" });
    expect((await page(`/w/${webcast.id}`, { "Accept-Language": "de-DE,de;q=0.9" })).html).toContain('<html lang="en">');
    expect((await page(`/w/${webcast.id}`, { "Accept-Language": "fr-CA" })).html).toContain('<html lang="fr">');
    const stored = await page(`/w/${webcast.id}`, { "Accept-Language": "fr-CA", Cookie: "igo.locale=de" });
    expect(stored.html).toContain('<html lang="de">');
    expect(stored.html).toContain("<dt>Beginn</dt>");
  });

  it("leaves the page plain for an unknown webcast or another address (the page says not found)", async () => {
    for (const path of [`/w/${uuidv7()}`, "/w/not-a-webcast", "/w/abc/more"]) {
      const { response, html, asked } = await page(path, { "If-None-Match": '"watch"' });
      expect(response.status).toBe(200);
      expect(html).toBe(WATCH_HTML);
      expect(response.headers.get("ETag")).toBe('"watch"');
      expect(asked[0]?.headers.get("If-None-Match")).toBe('"watch"');
    }
  });
});

import { describe, expect, it } from "vitest";
import { APP_MANIFEST, watchPageWebcastId, webcastManifest, webcastManifestPath } from "./manifest.ts";

const WEBCAST = { id: "0196a0de-0001-7000-8000-000000000000", title: "Spring release launch", language: "en" };

describe("webcast manifest", () => {
  it("opens on the webcast's page and keeps to it", () => {
    const manifest = webcastManifest(WEBCAST);
    expect(manifest).toMatchObject({ id: `/w/${WEBCAST.id}`, name: "Spring release launch", start_url: `/w/${WEBCAST.id}`, scope: `/w/${WEBCAST.id}`, display: "standalone", lang: "en" });
    // Chromium's installability: start_url inside the scope, icons of 192 and 512 px.
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  });

  it("falls back on the app's name for an untitled webcast", () => {
    expect(webcastManifest({ ...WEBCAST, title: "  " }).name).toBe(APP_MANIFEST.name);
  });

  it("is served under the page", () => {
    expect(webcastManifestPath(WEBCAST.id)).toBe(`/w/${WEBCAST.id}/manifest.webmanifest`);
    expect(webcastManifestPath("a/b")).toBe("/w/a%2Fb/manifest.webmanifest");
  });
});

describe("watchPageWebcastId", () => {
  it("reads the webcast id of /w/{id} (a trailing slash allowed), null for any other path", () => {
    expect(watchPageWebcastId("/w/0196a0de-0004-7000-8000-000000000000")).toBe("0196a0de-0004-7000-8000-000000000000");
    expect(watchPageWebcastId("/w/abc/")).toBe("abc");
    for (const path of ["/w/", "/w/abc/more", "/w/abc/manifest.webmanifest", "/webcasts/abc", "/x/w/abc"]) expect(watchPageWebcastId(path), path).toBeNull();
  });
});

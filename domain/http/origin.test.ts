import { describe, expect, it } from "vitest";
import { originVerdict } from "./origin.ts";

const url = "https://events.example.com/api/webcasts";

describe("originVerdict", () => {
  it("accepts the request URL's own origin, from Origin or else Referer", () => {
    expect(originVerdict(url, { origin: "https://events.example.com" })).toBe("same");
    expect(originVerdict(url, { referer: "https://events.example.com/webcasts/1/edit?tab=polls" })).toBe("same");
    expect(originVerdict("http://localhost:5173/login", { origin: "http://localhost:5173" })).toBe("same");
    expect(originVerdict("https://events.example.com:443/x", { origin: "https://events.example.com" })).toBe("same");
  });

  it("refuses another origin: another site, a sibling subdomain, another scheme or port, null, garbage", () => {
    for (const origin of [
      "https://evil.example",
      "https://sub.events.example.com",
      "http://events.example.com",
      "https://events.example.com:8443",
      "https://events.example.com.evil.example",
      "null",
      "not a url",
    ]) {
      expect(originVerdict(url, { origin }), origin).toBe("cross");
    }
    expect(originVerdict("http://localhost:5173/", { origin: "http://127.0.0.1:5173" })).toBe("cross");
  });

  it("trusts Origin over Referer", () => {
    expect(originVerdict(url, { origin: "https://evil.example", referer: "https://events.example.com/" })).toBe("cross");
    expect(originVerdict(url, { referer: "https://evil.example/page" })).toBe("cross");
  });

  it("calls a request without Origin, Referer or a cross Sec-Fetch-Site absent (a non-browser client)", () => {
    expect(originVerdict(url, {})).toBe("absent");
    expect(originVerdict(url, { secFetchSite: "same-origin" })).toBe("absent");
    expect(originVerdict(url, { secFetchSite: "none" })).toBe("absent");
    expect(originVerdict(url, { secFetchSite: "cross-site" })).toBe("cross");
    expect(originVerdict(url, { secFetchSite: "same-site" })).toBe("cross");
  });
});

import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { INTEGRATION_MESSAGES, integrationMessage } from "./messages.ts";
import { type Webhook, WEBHOOK_EVENTS, duplicateUrlIndexes, planWebhooks, webhookEventList, webhookEvents, webhookListSchema, webhookUrl, webhookUrlKey } from "./webhooks.ts";

describe("webhookUrl", () => {
  it.each(["https://hooks.example.com/igo", "HTTPS://Hooks.Example.com:8443/a?b=c", "http://localhost:8787/hook", "http://127.0.0.1/x", "http://[::1]:3000/"])("accepts %s", (url) => {
    expect(webhookUrl(url, "en")).toBeNull();
  });

  it("needs http(s) with the SPEC §5 array-of-url message, in English and French", () => {
    expect(webhookUrl("ftp://example.com/x", "en")).toBe("Invalid URL format: ftp://example.com/x. A URL starts with http:// or https://.");
    expect(webhookUrl("example.com", "fr")).toBe("Format d'URL invalide : example.com. Une URL commence par http:// ou https://.");
    expect(webhookUrl("https://[bad", "en")).toBe("Invalid URL format: https://[bad. A URL starts with http:// or https://.");
  });

  it("needs https outside this machine (a look-alike host is not this machine)", () => {
    expect(webhookUrl("http://hooks.example.com/x", "en")).toBe(INTEGRATION_MESSAGES.https_required.en);
    expect(webhookUrl("http://localhost.example.com/x", "fr")).toBe(INTEGRATION_MESSAGES.https_required.fr);
  });

  it("is required and at most 2,000 characters", () => {
    expect(webhookUrl("  ", "en")).toBe("This field is required");
    expect(webhookUrl(undefined, "fr")).toBe("Ce champ est obligatoire");
    const base = "https://example.com/";
    expect(webhookUrl(base + "a".repeat(2_000 - base.length), "en")).toBeNull();
    expect(webhookUrl(base + "a".repeat(2_001 - base.length), "en")).toBe("This field may not be longer than 2000 characters.");
    // Percent-encoding can lengthen a URL: the stored (normalized) form counts too.
    expect(webhookUrl(base + "é".repeat(1_900), "en")).toBe("This field may not be longer than 2000 characters.");
  });
});

describe("webhookUrlKey and duplicates", () => {
  it("normalizes scheme, host and default port; keeps the path's case", () => {
    expect(webhookUrlKey(" HTTPS://Example.COM:443 ")).toBe("https://example.com/");
    expect(webhookUrlKey("https://example.com/Hook")).not.toBe(webhookUrlKey("https://example.com/hook"));
    expect(webhookUrlKey("not a url ")).toBe("not a url");
  });

  it("finds later copies of the same endpoint, not blanks", () => {
    expect(duplicateUrlIndexes(["https://a.test/x", "https://A.test:443/x", "", "", "https://a.test/X", "https://a.test/x"])).toEqual([1, 5]);
  });
});

describe("webhookEventList", () => {
  it("needs at least one known event", () => {
    expect(webhookEventList(["webcast.started"], "en")).toBeNull();
    expect(webhookEventList([], "en")).toBe("Choose at least one event.");
    expect(webhookEventList(null, "fr")).toBe("Choisissez au moins un événement.");
    expect(webhookEventList(["webcast.started", "webcast.paused"], "en")).toBe("Unknown event: webcast.paused.");
    expect(webhookEventList(["ping"], "fr")).toBe("Événement inconnu : ping.");
  });

  it("stores events once, in the list's order", () => {
    expect(webhookEvents(["viewer.registered", "webcast.started", "viewer.registered", "other"])).toEqual(["webcast.started", "viewer.registered"]);
  });
});

describe("webhookListSchema", () => {
  const hook = (url: string, events: string[] = ["webcast.started"]) => ({ url, events, active: true });

  it("answers the list to store: URLs normalized, events ordered, active by default", () => {
    const result = validate(webhookListSchema("en"), { webhooks: [{ url: " https://Hooks.example.com/a ", events: ["webcast.ended", "webcast.started"] }, { ...hook("http://localhost:9/x"), active: false }] }, "en");
    expect(result).toEqual({
      ok: true,
      data: {
        webhooks: [
          { url: "https://hooks.example.com/a", events: ["webcast.started", "webcast.ended"], active: true },
          { url: "http://localhost:9/x", events: ["webcast.started"], active: false },
        ],
      },
    });
    expect(validate(webhookListSchema("en"), { webhooks: [] }, "en")).toEqual({ ok: true, data: { webhooks: [] } });
  });

  it("keys field errors by position, in English and French", () => {
    const body = { webhooks: [hook("http://example.com/a"), hook("https://example.com/b", []), hook("https://EXAMPLE.com/b", ["nope"])] };
    expect(validate(webhookListSchema("en"), body, "en")).toEqual({
      ok: false,
      errors: {
        "webhooks.0.url": [INTEGRATION_MESSAGES.https_required.en],
        "webhooks.1.events": ["Choose at least one event."],
        "webhooks.2.url": ["Another field use this name"],
        "webhooks.2.events": ["Unknown event: nope."],
      },
    });
    const fr = validate(webhookListSchema("fr"), body, "fr");
    expect(fr.ok ? {} : fr.errors["webhooks.2.url"]).toEqual(["Un autre champ utilise ce nom"]);
  });

  it("refuses a sixth webhook under `webhooks`, and unknown or malformed fields", () => {
    const six = { webhooks: Array.from({ length: 6 }, (_, index) => hook(`https://example.com/${index}`)) };
    const result = validate(webhookListSchema("fr"), six, "fr");
    expect(result.ok ? {} : result.errors).toEqual({ webhooks: [integrationMessage("too_many", "fr", { max: 5 })] });
    expect(integrationMessage("too_many", "en", { max: 5 })).toBe("A webcast can have at most 5 webhooks.");
    const shape = validate(webhookListSchema("en"), { webhooks: [{ url: 1, events: "webcast.started", secret: "x" }] }, "en");
    expect(shape.ok ? [] : Object.keys(shape.errors).sort()).toEqual(["webhooks.0", "webhooks.0.events", "webhooks.0.url"]);
    expect(validate(webhookListSchema("en"), {}, "en").ok).toBe(false);
  });
});

describe("planWebhooks", () => {
  const stored: Webhook[] = [
    { id: "a", url: "https://a.test/", events: ["webcast.started"], active: true, secret: "sa" },
    { id: "b", url: "https://b.test/", events: ["webcast.ended"], active: false, secret: "sb" },
    { id: "c", url: "https://c.test/", events: [...WEBHOOK_EVENTS], active: true, secret: "sc" },
  ];
  let next = 0;
  const fresh = () => ({ id: `new${++next}`, secret: `s${next}` });

  it("keeps id and secret for a URL sent again, makes new ones, drops the rest, pings what changed", () => {
    next = 0;
    const plan = planWebhooks(
      stored,
      [
        { url: "https://b.test/", events: ["webcast.ended"], active: true },
        { url: "https://a.test/", events: ["webcast.started"], active: true },
        { url: "https://d.test/", events: ["viewer.registered"], active: true },
        { url: "https://e.test/", events: ["viewer.registered"], active: false },
      ],
      fresh,
    );
    expect(plan.webhooks).toEqual([
      { id: "b", url: "https://b.test/", events: ["webcast.ended"], active: true, secret: "sb" },
      { id: "a", url: "https://a.test/", events: ["webcast.started"], active: true, secret: "sa" },
      { id: "new1", url: "https://d.test/", events: ["viewer.registered"], active: true, secret: "s1" },
      { id: "new2", url: "https://e.test/", events: ["viewer.registered"], active: false, secret: "s2" },
    ]);
    expect(plan.removed.map((hook) => hook.id)).toEqual(["c"]);
    // b re-activated, d new and active; a unchanged, e inactive.
    expect(plan.ping).toEqual(["https://b.test/", "https://d.test/"]);
  });

  it("pings an active webhook whose events changed; an empty list removes everything", () => {
    expect(planWebhooks(stored, [{ url: "https://a.test/", events: ["webcast.started", "webcast.ended"], active: true }], fresh).ping).toEqual(["https://a.test/"]);
    const none = planWebhooks(stored, [], fresh);
    expect([none.webhooks, none.ping, none.removed.length]).toEqual([[], [], 3]);
  });
});

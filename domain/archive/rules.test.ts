import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { MAX_EDITION_CUTS, archiveExpiresAt, archiveStatusAt, editionBodySchema, editionErrors, editionSignature, normalizeEdition, playableDuration, replayFileName } from "./rules.ts";

const edition = (start: number, end: number, cuts: [number, number][] = []) => ({ start, end, cuts: cuts.map(([a, b]) => ({ start: a, end: b })) });

describe("editionErrors", () => {
  it("accepts 0 ≤ start < end ≤ duration with cuts inside, apart or touching, in any order", () => {
    expect(editionErrors(edition(0, 600), 600, "en")).toEqual({});
    expect(editionErrors(edition(10.5, 120, [[60, 70], [20, 30], [30, 40]]), 600, "en")).toEqual({});
    expect(editionErrors(edition(0, 600.0004), 600, "en")).toEqual({});
  });

  it("refuses a start before 0 or not before the end, an end beyond the recording (en and fr)", () => {
    expect(editionErrors(edition(-1, 10), 600, "en")).toEqual({ "edition.start": ["The start must be 0 or later."] });
    expect(editionErrors(edition(20, 20), 600, "en")).toEqual({ "edition.start": ["The start must be before the end."] });
    expect(editionErrors(edition(0, 601), 600, "en")).toEqual({ "edition.end": ["The end may not be after the end of the recording (00:10:00)."] });
    expect(editionErrors(edition(30, 3700), 3661, "fr")).toEqual({ "edition.end": ["La fin ne peut pas dépasser la fin de l'enregistrement (01:01:01)."] });
    expect(editionErrors(edition(30, 10), 600, "fr")).toEqual({ "edition.start": ["Le début doit précéder la fin."] });
  });

  it("refuses cuts reversed, outside [start, end] or overlapping, on the index sent", () => {
    expect(editionErrors(edition(10, 100, [[50, 40], [5, 20], [90, 101]]), 600, "en")).toEqual({
      "edition.cuts.0": ["A cut must start before it ends."],
      "edition.cuts.1": ["A cut must lie between the start and the end."],
      "edition.cuts.2": ["A cut must lie between the start and the end."],
    });
    expect(editionErrors(edition(0, 100, [[50, 60], [20, 30], [25, 35]]), 600, "fr")).toEqual({ "edition.cuts.2": ["Cette coupe en chevauche une autre."] });
    // A cut inside a longer one overlaps it too.
    expect(Object.keys(editionErrors(edition(0, 100, [[10, 50], [20, 30]]), 600, "en"))).toEqual(["edition.cuts.1"]);
  });

  it("refuses more than 100 cuts, and cuts that leave nothing to play", () => {
    const many = Array.from({ length: MAX_EDITION_CUTS + 1 }, (_, i): [number, number] => [i, i + 0.5]);
    expect(editionErrors(edition(0, 600, many), 600, "en")).toEqual({ "edition.cuts": ["An archive version may have at most 100 cuts."] });
    expect(editionErrors(edition(0, 600, many.slice(0, MAX_EDITION_CUTS)), 600, "en")).toEqual({});
    expect(editionErrors(edition(10, 20, [[10, 15], [15, 20]]), 600, "en")).toEqual({ "edition.cuts": ["The cuts may not remove the whole recording."] });
    expect(editionErrors(edition(10, 20, [[10, 20]]), 600, "fr")).toEqual({ "edition.cuts": ["Les coupes ne peuvent pas retirer tout l'enregistrement."] });
  });
});

describe("normalizeEdition, editionSignature, playableDuration", () => {
  it("rounds to the millisecond and sorts the cuts", () => {
    expect(normalizeEdition(edition(1.00049, 9.9996, [[5, 6], [2.0001, 3]]))).toEqual(edition(1, 10, [[2, 3], [5, 6]]));
  });

  it("signs the same parameters alike whatever the cuts' order or sub-millisecond noise, and others apart", () => {
    const signature = editionSignature(edition(0, 120, [[60, 70], [20, 30]]));
    expect(signature).toBe("0-120000|20000-30000,60000-70000");
    expect(editionSignature(edition(0.0002, 119.9999, [[20, 30], [60, 70.0004]]))).toBe(signature);
    expect(editionSignature(edition(0, 120, [[20, 30]]))).not.toBe(signature);
    expect(editionSignature(edition(0, 120.001, [[60, 70], [20, 30]]))).not.toBe(signature);
    expect(editionSignature(edition(0, 120))).toBe("0-120000|");
  });

  it("plays end − start minus the cuts", () => {
    expect(playableDuration(edition(10, 100))).toBe(90);
    expect(playableDuration(edition(10, 100, [[20, 30], [40, 40.5]]))).toBe(79.5);
  });
});

describe("editionBodySchema", () => {
  it("takes numbers of seconds, cuts and add_to_gallery defaulting to none and false; refuses unknown fields", () => {
    expect(validate(editionBodySchema, { edition: { start: 0, end: 5 } }, "en")).toEqual({ ok: true, data: { edition: { start: 0, end: 5, cuts: [], add_to_gallery: false } } });
    const refused = validate(editionBodySchema, { edition: { start: "00:00:10", cuts: [{ start: 1 }], colour: "red" } }, "en");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(Object.keys(refused.errors).sort()).toEqual(["edition", "edition.cuts.0.end", "edition.end", "edition.start"]);
  });
});

describe("archive expiry (SPEC §4 processing → ready → expired)", () => {
  it("expires 12 months after creation, on the month's last day when the day does not exist", () => {
    expect(archiveExpiresAt("2026-03-15T10:00:00.000Z")).toBe("2027-03-15T10:00:00.000Z");
    expect(archiveExpiresAt("2028-02-29T23:30:00.000Z")).toBe("2029-02-28T23:30:00.000Z");
    expect(archiveExpiresAt("2026-08-31T00:00:00.000Z", 1)).toBe("2026-09-30T00:00:00.000Z");
  });

  it("reads as expired from expires_at on, whatever was stored; never without an expiry", () => {
    const archive = { status: "ready" as const, expires_at: "2027-03-15T10:00:00.000Z" };
    expect(archiveStatusAt(archive, Date.parse("2027-03-15T09:59:59.999Z"))).toBe("ready");
    expect(archiveStatusAt(archive, Date.parse("2027-03-15T10:00:00.000Z"))).toBe("expired");
    expect(archiveStatusAt({ status: "processing", expires_at: null }, Date.parse("2100-01-01T00:00:00Z"))).toBe("processing");
  });
});

describe("replayFileName (SPEC §7 downloads as replay mp4)", () => {
  it("prefixes replay.mp4 with the event title made safe for a file name", () => {
    expect(replayFileName("Town hall: Q3 / 2026", "video/mp4")).toBe("Town hall Q3 2026 replay.mp4");
    expect(replayFileName('  ..Lancement "été"\n', null)).toBe("Lancement été replay.mp4");
    expect(replayFileName("<>|?*", "video/mp4")).toBe("replay.mp4");
    expect(replayFileName("Demo", "video/webm; codecs=vp9")).toBe("Demo replay.webm");
    expect(replayFileName("x".repeat(300), "video/mp4")).toBe(`${"x".repeat(100)} replay.mp4`);
  });
});

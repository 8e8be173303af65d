import { describe, expect, it } from "vitest";
import { sampleWebm } from "../media/sample-video.ts";
import { UPLOAD_ACCEPT, acceptsFileType, sniffFileType, wrongTypeMessage } from "./file-types.ts";
import { isKeyUnder, uploadKeyPrefix } from "./keys.ts";
import { UPLOAD_KINDS } from "./record.ts";
import { UPLOAD_MAX_BYTES, UPLOAD_PART_BYTES, missingParts, uploadPartCount, uploadPartSize, uploadStartErrors } from "./rules.ts";

const bytes = (text: string, pad = 64) => {
  const out = new Uint8Array(Math.max(pad, text.length));
  out.set([...text].map((char) => char.charCodeAt(0)));
  return out;
};

describe("parts of an upload", () => {
  it("splits a file in equal parts but the last, each far under Cloudflare's 100 MB body cap", () => {
    expect(UPLOAD_PART_BYTES).toBeLessThan(100_000_000);
    expect(UPLOAD_PART_BYTES).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(uploadPartCount(UPLOAD_MAX_BYTES)).toBe(320);
    const size = UPLOAD_PART_BYTES * 2 + 7;
    expect(uploadPartCount(size)).toBe(3);
    expect([1, 2, 3].map((part) => uploadPartSize(size, part))).toEqual([UPLOAD_PART_BYTES, UPLOAD_PART_BYTES, 7]);
    expect(uploadPartSize(size, 0)).toBe(0);
    expect(uploadPartSize(size, 4)).toBe(0);
    expect(uploadPartSize(size, 1.5)).toBe(0);
  });

  it("resumes with the parts the server does not hold (or holds at a wrong size)", () => {
    const size = UPLOAD_PART_BYTES * 3 + 1;
    expect(missingParts(size, [])).toEqual([1, 2, 3, 4]);
    expect(missingParts(size, [{ part_number: 2, size: UPLOAD_PART_BYTES }, { part_number: 4, size: 1 }, { part_number: 3, size: 5 }])).toEqual([1, 3]);
  });
});

describe("uploadStartErrors", () => {
  it("refuses a file over 5 GB and an empty one before the first byte, in en and fr", () => {
    expect(uploadStartErrors("video", { name: "a.mp4", size: 6 * 1024 ** 3 }, "en")).toEqual({ size: ["The file may not be larger than 5 GB."] });
    expect(uploadStartErrors("video", { name: "a.mp4", size: 6 * 1024 ** 3 }, "fr")).toEqual({ size: ["Le fichier ne peut pas dépasser 5 Go."] });
    expect(uploadStartErrors("resource", { name: "a.txt", size: 0 }, "en")).toEqual({ size: ["The file is empty."] });
    expect(uploadStartErrors("video", { name: "a.mp4", size: UPLOAD_MAX_BYTES }, "en")).toEqual({});
  });

  it("keeps 5 MB for a branding image and a profile photo, with the same size rule", () => {
    const fiveMb = 5 * 1024 * 1024;
    for (const kind of ["branding", "photo"] as const) {
      expect(uploadStartErrors(kind, { name: "me.png", size: fiveMb }, "en")).toEqual({});
      expect(uploadStartErrors(kind, { name: "me.png", size: fiveMb + 1 }, "en")).toEqual({ size: ["The file may not be larger than 5 MB."] });
      expect(uploadStartErrors(kind, { name: "me.png", size: fiveMb + 1 }, "fr")).toEqual({ size: ["Le fichier ne peut pas dépasser 5 Mo."] });
    }
    expect(uploadStartErrors("image", { name: "poster.jpg", size: fiveMb + 1 }, "en")).toEqual({});
  });

  it("asks for a PDF export of a PowerPoint or Keynote deck", () => {
    expect(uploadStartErrors("slides", { name: "Deck.PPTX", size: 10 }, "en").file_name?.[0]).toMatch(/export the deck as a PDF/);
    expect(uploadStartErrors("slides", { name: "deck.key", size: 10 }, "fr").file_name?.[0]).toMatch(/exportez la présentation en PDF/);
    expect(uploadStartErrors("resource", { name: "deck.pptx", size: 10 }, "en")).toEqual({});
    expect(uploadStartErrors("video", { name: " ", size: 10 }, "en").file_name).toBeDefined();
  });
});

describe("sniffFileType and acceptsFileType (the bytes decide, not the name)", () => {
  it("recognises videos, audio, PDF, decks and images", () => {
    expect(sniffFileType(sampleWebm())).toEqual({ mime: "video/webm", family: "video" });
    const mp4 = new Uint8Array(32);
    mp4.set([0, 0, 0, 0x18, ...bytes("ftypisom", 8)]);
    expect(sniffFileType(mp4)?.mime).toBe("video/mp4");
    mp4.set(bytes("qt  ", 4), 8);
    expect(sniffFileType(mp4)?.mime).toBe("video/quicktime");
    mp4.set(bytes("avif", 4), 8);
    expect(sniffFileType(mp4)?.family).toBe("image");
    expect(sniffFileType(bytes("%PDF-1.7"))?.family).toBe("pdf");
    expect(sniffFileType(bytes("PK\x03\x04....[Content_Types].xml ppt/slides/slide1.xml"))?.family).toBe("powerpoint");
    expect(sniffFileType(bytes("PK\x03\x04....word/document.xml"))?.family).toBe("zip");
    expect(sniffFileType(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))?.family).toBe("powerpoint");
    expect(sniffFileType(bytes("ID3\x04"))?.mime).toBe("audio/mpeg");
    expect(sniffFileType(new Uint8Array([0x89, ...bytes("PNG\r\n\x1a\n", 8)]))?.mime).toBe("image/png");
    expect(sniffFileType(bytes("hello, plain text"))).toBeNull();
  });

  it("lets each kind take only its types; a resource takes any document", () => {
    const pdf = sniffFileType(bytes("%PDF-1.7"));
    const webm = sniffFileType(sampleWebm());
    expect(acceptsFileType("slides", pdf)).toBe(true);
    expect(acceptsFileType("slides", webm)).toBe(false);
    expect(acceptsFileType("video", webm)).toBe(true);
    expect(acceptsFileType("video", pdf)).toBe(false);
    expect(acceptsFileType("video", null)).toBe(false);
    expect(acceptsFileType("image", pdf)).toBe(false);
    expect(acceptsFileType("resource", null)).toBe(true);
  });

  it("takes only raster images as branding images and profile photos (no PDF, no SVG), with the image refusal", () => {
    const png = sniffFileType(new Uint8Array([0x89, ...bytes("PNG\r\n\x1a\n", 8)]));
    const pdf = sniffFileType(bytes("%PDF-1.7"));
    const svg = sniffFileType(bytes("<svg xmlns='http://www.w3.org/2000/svg'>"));
    for (const kind of ["branding", "photo"] as const) {
      expect(acceptsFileType(kind, png)).toBe(true);
      expect([acceptsFileType(kind, pdf), acceptsFileType(kind, svg)]).toEqual([false, false]);
      expect(wrongTypeMessage(kind, pdf, "en")).toBe("This file is not a JPEG, PNG, GIF, WebP or AVIF image.");
      expect(wrongTypeMessage(kind, svg, "fr")).toBe("Ce fichier n'est pas une image JPEG, PNG, GIF, WebP ou AVIF.");
      expect(UPLOAD_ACCEPT[kind]).toBe("image/jpeg,image/png,image/gif,image/webp,image/avif");
    }
  });
});

describe("uploadKeyPrefix", () => {
  const uid = "01900000-0000-7000-8000-000000000001";
  const target = "01900000-0000-7000-8000-000000000002";

  it("names a place for every kind", () => {
    const where = { organization_id: 3, webcast_id: uid, target_id: target, user_id: 42 };
    for (const kind of UPLOAD_KINDS) expect(uploadKeyPrefix(kind, where), kind).not.toBeNull();
  });

  it("puts a branding image under the webcast's branding prefix, whichever image it becomes", () => {
    const prefix = uploadKeyPrefix("branding", { organization_id: 3, webcast_id: uid, target_id: uid });
    expect(prefix).toBe(`webcasts/${uid}/branding/image-`);
    expect(uploadKeyPrefix("branding", { organization_id: 3, webcast_id: null, target_id: uid })).toBeNull();
    expect(isKeyUnder(prefix ?? "", `${prefix}${"a".repeat(43)}`)).toBe(true);
  });

  it("puts a profile photo under its user's prefix, with no organization", () => {
    expect(uploadKeyPrefix("photo", { organization_id: null, webcast_id: null, target_id: target, user_id: 42 })).toBe("profile-photos/42/");
    expect(uploadKeyPrefix("photo", { organization_id: null, webcast_id: null, target_id: target })).toBeNull();
    expect(uploadKeyPrefix("video", { organization_id: null, webcast_id: null, target_id: target, user_id: 42 })).toBeNull();
  });
});

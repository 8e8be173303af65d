import { describe, expect, it } from "vitest";
import { brandingImageUrl, brandingName, brandingPrefix, brandingUploadPrefix } from "./images.ts";

const uid = "01900000-0000-7000-8000-000000000001";
const random = "abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE";

describe("branding keys", () => {
  it("takes an uploaded image (image-<random>) as any of the three, a named one (logo-<random>) as its own only", () => {
    const uploaded = `${brandingUploadPrefix(uid)}${random}`;
    expect(uploaded.startsWith(brandingPrefix(uid))).toBe(true);
    expect([brandingName(uid, uploaded, "logo"), brandingName(uid, uploaded, "cover"), brandingName(uid, uploaded, "banner")]).toEqual([`image-${random}`, `image-${random}`, `image-${random}`]);
    const logo = `${brandingPrefix(uid)}logo-${random}`;
    expect(brandingName(uid, logo, "logo")).toBe(`logo-${random}`);
    expect(brandingName(uid, logo, "cover")).toBeNull();
  });

  it("refuses another webcast's key, a deeper path and a short name; serves only its own", () => {
    const other = "01900000-0000-7000-8000-000000000002";
    expect(brandingName(uid, `${brandingUploadPrefix(other)}${random}`)).toBeNull();
    expect(brandingName(uid, `${brandingPrefix(uid)}x/image-${random}`)).toBeNull();
    expect(brandingName(uid, `${brandingUploadPrefix(uid)}short`)).toBeNull();
    expect(brandingImageUrl(uid, `${brandingUploadPrefix(uid)}${random}`)).toBe(`/api/webcasts/${uid}/branding/image-${random}`);
    expect(brandingImageUrl(uid, null)).toBeNull();
  });
});

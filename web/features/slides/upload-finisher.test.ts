import { afterEach, describe, expect, it, vi } from "vitest";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import type { StoredUpload } from "../../local/db.ts";
import { uploadFinisher } from "../uploads/upload-finishers.ts";
import { SLIDES_FINISH, finishSlidesUpload, registerSlidesFinisher } from "./upload-finisher.ts";

const WEBCAST = "01900000-0000-7000-8000-0000000000c1";
const DECK = "01900000-0000-7000-8000-0000000000d1";
const UPLOAD = "01900000-0000-7000-8000-0000000000e1";

const upload = {
  id: "01900000-0000-7000-8000-0000000000a1",
  upload_id: UPLOAD,
  kind: "slides",
  organization_id: 1,
  webcast_id: WEBCAST,
  target_id: DECK,
  file: null,
  file_name: "deck.pdf",
  size: 2_000,
  last_modified: 0,
  type: "application/pdf",
  finish: { type: SLIDES_FINISH, args: { webcast_id: WEBCAST, page_count: 12 } },
  status: "finishing",
  uploaded_bytes: 2_000,
  error: null,
  created_at: "2026-05-01T10:00:00.000Z",
  updated_at: "2026-05-01T10:00:00.000Z",
} satisfies StoredUpload;

const answer = { id: UPLOAD } as UploadAnswer;
const deck = (id: string) => ({ id, webcast_id: WEBCAST, page_count: 12, approved: false, file_url: "/api/files/x.y" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the slides.set finishing step", () => {
  it("is registered under its name", () => {
    registerSlidesFinisher();
    expect(uploadFinisher(SLIDES_FINISH)).toBe(finishSlidesUpload);
  });

  it("makes the upload the webcast's deck (its id is the upload's target) with the pages counted before", async () => {
    const server = fakeServer({
      [`GET /api/webcasts/${WEBCAST}/slides`]: () => json({ data: deck("01900000-0000-7000-8000-0000000000ff") }),
      [`POST /api/webcasts/${WEBCAST}/slides`]: () => json({ data: deck(DECK) }, 201),
    });
    await finishSlidesUpload(upload, answer);
    expect(server.calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([{ upload_id: UPLOAD, page_count: 12 }]);
  });

  it("run again (the tab closed while it ran), it is done when the deck already is this one: its approval is not withdrawn", async () => {
    const server = fakeServer({ [`GET /api/webcasts/${WEBCAST}/slides`]: () => json({ data: { ...deck(DECK), approved: true } }) });
    await finishSlidesUpload(upload, answer);
    expect(server.calls.map((call) => call.method)).toEqual(["GET"]);
  });

  it("lets the upload client judge a refusal (an ApiRequestError with the server's message)", async () => {
    fakeServer({
      [`GET /api/webcasts/${WEBCAST}/slides`]: () => json({ data: null }),
      [`POST /api/webcasts/${WEBCAST}/slides`]: () => json({ message: "Some fields are invalid.", code: "validation_failed", errors: { upload_id: ["This upload is not finished."] }, requestId: "r" }, 422),
    });
    await expect(finishSlidesUpload(upload, answer)).rejects.toMatchObject({ name: "ApiRequestError", status: 422 });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ref } from "valtio";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { LocalDatabase, type StoredUpload } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { freshUserId } from "../../local/testing.ts";
import { FakeUploadServer, keepBlobsInIndexedDb } from "../uploads/testing.ts";
import { MEDIA_ATTACH, attachMediaUpload, titleFromFileName } from "./media-upload.ts";
import { stubUploadNetwork } from "./upload-network-testing.ts";

const MEDIA = "01900000-0000-7000-8000-0000000000c1";
const VIDEO_UPLOAD = "01900000-0000-7000-8000-0000000000d1";
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

let db: LocalDatabase;
let restoreClone: () => void;

function stored(overrides: Partial<StoredUpload> = {}): StoredUpload {
  return {
    id: "01900000-0000-7000-8000-0000000000a1",
    upload_id: VIDEO_UPLOAD,
    kind: "video",
    organization_id: 7,
    webcast_id: null,
    target_id: MEDIA,
    file: null,
    file_name: "talk.mp4",
    size: 5_000,
    last_modified: 1_700_000_000_000,
    type: "video/mp4",
    finish: { type: MEDIA_ATTACH, args: { media_id: MEDIA, poster: new Blob([JPEG], { type: "image/jpeg" }), not_decodable: false } },
    status: "finishing",
    uploaded_bytes: 5_000,
    error: null,
    created_at: "2026-05-01T10:00:00.000Z",
    updated_at: "2026-05-01T10:00:00.000Z",
    ...overrides,
  };
}

const answer = { id: VIDEO_UPLOAD, status: "completed" } as UploadAnswer;
const media = (fields: object = {}) => ({ status: 200, body: { data: { id: MEDIA, status: "processed", file_name: "talk.mp4", size: 5_000, file_url: "/api/files/f", poster_url: "/api/files/p", ...fields } } });

beforeEach(() => {
  restoreClone = keepBlobsInIndexedDb();
  db = new LocalDatabase(freshUserId());
  activeSync.db = ref(db);
});

afterEach(() => {
  vi.unstubAllGlobals();
  activeSync.db = null;
  db.close();
  restoreClone();
});

describe("titleFromFileName", () => {
  it("drops the extension, keeps dots inside, and the whole name when nothing else is left", () => {
    expect(titleFromFileName("Town hall 2026.final.mp4")).toBe("Town hall 2026.final");
    expect(titleFromFileName(".mp4")).toBe(".mp4");
    expect([...titleFromFileName(`${"é".repeat(300)}.mov`)]).toHaveLength(255);
  });
});

describe("the media.attach step", () => {
  it("sends the poster as an image upload of the same video, then hands both to the video; a second run sends no second poster", async () => {
    const server = new FakeUploadServer();
    const network = stubUploadNetwork(server, { [`POST /api/media/${MEDIA}/file`]: () => media() });
    const upload = stored();
    await db.uploads.put(upload);

    await attachMediaUpload(upload, answer);
    const [poster] = [...server.uploads.values()].map((entry) => entry.answer);
    expect(poster).toMatchObject({ kind: "image", target_id: MEDIA, organization_id: 7, file_name: "poster.jpg", size: JPEG.length, status: "completed" });
    expect(server.joined(poster?.id ?? "")).toEqual(JPEG);
    expect(network.callsTo(`POST /api/media/${MEDIA}/file`).map((call) => call.body)).toEqual([{ upload_id: VIDEO_UPLOAD, poster_upload_id: poster?.id, not_decodable: false }]);
    // The poster's upload is kept with the upload, the JPEG itself let go.
    const after = await db.uploads.get(upload.id);
    expect(after?.finish.args).toEqual({ media_id: MEDIA, poster: null, poster_upload_id: poster?.id, not_decodable: false });

    // The tab closed before the engine marked it done: the step runs again, harmlessly.
    if (!after) throw new Error("unreachable");
    await attachMediaUpload(after, answer);
    expect(server.uploads.size).toBe(1);
    expect(network.callsTo(`POST /api/media/${MEDIA}/file`).map((call) => call.body)).toEqual([
      { upload_id: VIDEO_UPLOAD, poster_upload_id: poster?.id, not_decodable: false },
      { upload_id: VIDEO_UPLOAD, poster_upload_id: poster?.id, not_decodable: false },
    ]);
  });

  it("goes on without a poster the server refuses, and says when the browser could decode no frame", async () => {
    const server = new FakeUploadServer();
    // Not an image: part 1 is refused (422), the video is attached without a poster.
    const network = stubUploadNetwork(server, { [`POST /api/media/${MEDIA}/file`]: () => media({ status: "failed", failure_reason: "not_decodable" }) });
    const upload = stored({ finish: { type: MEDIA_ATTACH, args: { media_id: MEDIA, poster: new Blob(["not a jpeg at all"]), not_decodable: true } } });
    await db.uploads.put(upload);
    await attachMediaUpload(upload, answer);
    expect(network.callsTo(`POST /api/media/${MEDIA}/file`).map((call) => call.body)).toEqual([{ upload_id: VIDEO_UPLOAD, poster_upload_id: null, not_decodable: true }]);
  });

  it("treats a 422 on a repeat as done when the video already names this file, and fails otherwise", async () => {
    const server = new FakeUploadServer();
    const refusal = { status: 422, body: { message: "The file cannot be uploaded.", code: "validation_failed", errors: { upload_id: ["This upload was not made for this item."] }, requestId: "r" } };
    let current = media();
    stubUploadNetwork(server, { [`POST /api/media/${MEDIA}/file`]: () => refusal, [`GET /api/media/${MEDIA}`]: () => current });
    const upload = stored({ finish: { type: MEDIA_ATTACH, args: { media_id: MEDIA, poster: null, not_decodable: false } } });
    await expect(attachMediaUpload(upload, answer)).resolves.toBeUndefined();

    current = media({ file_name: "another.mp4" });
    await expect(attachMediaUpload(upload, answer)).rejects.toMatchObject({ status: 422, errors: { upload_id: ["This upload was not made for this item."] } });
  });

  it("fails with words (not a restart of the upload) when the video is gone", async () => {
    const server = new FakeUploadServer();
    stubUploadNetwork(server, {});
    const upload = stored({ finish: { type: MEDIA_ATTACH, args: { media_id: MEDIA, poster: null, not_decodable: false } } });
    const failure = await attachMediaUpload(upload, answer).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toHaveProperty("status");
    expect((failure as Error).message).toBe("This video was deleted: its file was not kept.");
  });
});

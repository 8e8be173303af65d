import { Dexie } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_MESSAGES } from "../../../domain/uploads/messages.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { UPLOAD_PARALLEL_PARTS } from "../../../domain/uploads/rules.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { LocalDatabase, type StoredUpload } from "../../local/db.ts";
import { freshUserId } from "../../local/testing.ts";
import { FakeNetwork, FakeUploadServer, keepBlobsInIndexedDb, videoFile } from "./testing.ts";
import { registerUploadFinisher } from "./upload-finishers.ts";
import { uploadLive } from "./upload-live.ts";
import { type QueueUploadRequest, UploadEngine } from "./upload-engine.ts";
import { SpeedMeter, secondsLeft } from "./upload-live.ts";
import { retryDelay } from "./upload-retry.ts";

const TARGET = "01900000-0000-7000-8000-000000000001";
const FINISH = "test.finish";

let db: LocalDatabase;
let server: FakeUploadServer;
let network: FakeNetwork;
let finished: { upload: StoredUpload; answer: UploadAnswer }[];
const cleanups: (() => void)[] = [];

function engine(): UploadEngine {
  const created = new UploadEngine({ db, http: server, network, locale: () => "en", backoff: { first: 5, max: 20 } });
  cleanups.push(() => created.stop());
  return created;
}

function request(file: File, overrides: Partial<QueueUploadRequest> = {}): QueueUploadRequest {
  return { kind: "video", organization_id: 7, webcast_id: null, target_id: TARGET, file, finish: { type: FINISH, args: { title: "Talk" } }, ...overrides };
}

async function queued(uploads: UploadEngine, file: File, overrides: Partial<QueueUploadRequest> = {}): Promise<string> {
  const result = await uploads.queue(request(file, overrides));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.id;
}

async function stored(id: string): Promise<StoredUpload> {
  const upload = await db.uploads.get(id);
  if (!upload) throw new Error(`no upload ${id}`);
  return upload;
}

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

beforeEach(() => {
  db = new LocalDatabase(freshUserId());
  server = new FakeUploadServer();
  network = new FakeNetwork();
  finished = [];
  cleanups.push(registerUploadFinisher(FINISH, async (upload, answer) => void finished.push({ upload, answer })));
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  db.close();
});

describe("queueUpload", () => {
  it("splits the file into the server's parts, completes it, runs the finisher once and ends done", async () => {
    const uploads = engine();
    const file = videoFile(5_000);
    const id = await queued(uploads, file);
    await uploads.settled();

    const upload = await stored(id);
    expect(upload).toMatchObject({ status: "done", file: null, uploaded_bytes: 5_000, error: null, file_name: "talk.mp4", type: "video/mp4" });
    const [created] = server.requests;
    expect(created).toEqual({
      method: "POST",
      path: "/api/uploads",
      body: { kind: "video", target_id: TARGET, organization_id: 7, file_name: "talk.mp4", size: 5_000, content_type: "video/mp4" },
    });
    // 1,024-byte parts: four whole ones and the rest.
    expect([...server.partsPut()].sort()).toEqual([1, 2, 3, 4, 5]);
    const serverId = upload.upload_id ?? "";
    expect(server.uploads.get(serverId)?.bytes.get(5)?.length).toBe(5_000 - 4 * 1_024);
    expect(server.joined(serverId)).toEqual(await bytesOf(file));
    expect(server.requests.at(-1)).toMatchObject({ method: "POST", path: `/api/uploads/${serverId}/complete` });

    expect(finished).toHaveLength(1);
    expect(finished[0]?.answer).toMatchObject({ id: serverId, status: "completed" });
    expect(finished[0]?.upload).toMatchObject({ id, finish: { type: FINISH, args: { title: "Talk" } } });
    expect(uploadLive[id]).toBeUndefined();

    // Started again (the app starts, a second tab): a done upload does nothing.
    await uploads.resume();
    await uploads.settled();
    expect(finished).toHaveLength(1);
  });

  it("sends at most UPLOAD_PARALLEL_PARTS parts at once, all uploads together", async () => {
    const uploads = engine();
    await queued(uploads, videoFile(12 * 1_024));
    await queued(uploads, videoFile(6 * 1_024, "other.mp4"));
    await uploads.settled();
    expect(server.partsPut()).toHaveLength(18);
    expect(server.maxInFlight).toBe(UPLOAD_PARALLEL_PARTS);
    expect(finished).toHaveLength(2);
  });

  it("refuses a 6 GB file before any request and stores nothing", async () => {
    const uploads = engine();
    const file = new File([], "huge.mp4", { type: "video/mp4" });
    // A File whose size reads 6 GB without holding it: only `size` and `name` are read before the refusal.
    Object.defineProperty(file, "size", { value: 6 * 1024 ** 3 });
    const slice = vi.spyOn(file, "slice");
    const result = await uploads.queue(request(file));
    expect(result).toEqual({ ok: false, errors: { size: ["The file may not be larger than 5 GB."] } });
    expect(slice).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
    expect(await db.uploads.count()).toBe(0);
  });

  it("refuses a file whose first bytes are not of its kind before any request, in the UI's language", async () => {
    const uploads = new UploadEngine({ db, http: server, network, locale: () => "fr" });
    cleanups.push(() => uploads.stop());
    const text = new File(["just some text, named like a video"], "notes.mp4", { type: "video/mp4" });
    expect(await uploads.queue(request(text))).toEqual({ ok: false, errors: { file: [UPLOAD_MESSAGES.wrong_type_video.fr] } });
    const pdfAsImage = new File(["%PDF-1.7 …"], "deck.png", { type: "image/png" });
    expect(await uploads.queue(request(pdfAsImage, { kind: "image" }))).toEqual({ ok: false, errors: { file: [UPLOAD_MESSAGES.wrong_type_image.fr] } });
    expect(await uploads.queue(request(new File(["x"], "deck.pptx"), { kind: "slides" }))).toEqual({ ok: false, errors: { file_name: [UPLOAD_MESSAGES.slides_export_pdf.fr] } });
    expect(server.requests).toEqual([]);
    expect(await db.uploads.count()).toBe(0);
  });

  it("a 422 on part 1 (the server judged the bytes) ends failed with its message, and sends no other part", async () => {
    const uploads = engine();
    server.onPart = (_, part) => (part === 1 ? { status: 422, body: { message: "The file cannot be uploaded.", code: "validation_failed", errors: { file: ["This file is not a video."] }, requestId: "r" } } : undefined);
    const id = await queued(uploads, videoFile(1_000));
    await uploads.settled();
    expect(await stored(id)).toMatchObject({ status: "failed", error: "This file is not a video.", file: null });
    expect(server.partsPut()).toEqual([1]);
    expect(finished).toEqual([]);
  });

  it("retries a 5xx with backoff, sending again only what failed", async () => {
    const uploads = engine();
    let failures = 2;
    server.onPart = (_, part) => (part === 2 && failures-- > 0 ? { status: 503, body: { message: "Busy", code: "service_unavailable", requestId: "r" } } : undefined);
    const id = await queued(uploads, videoFile(3 * 1_024));
    await uploads.settled();
    expect((await stored(id)).status).toBe("done");
    expect(server.partsPut().filter((part) => part === 2)).toHaveLength(3);
    expect(server.partsPut().filter((part) => part !== 2).sort()).toEqual([1, 3]);
  });

  it("keeps sending in this session when the file cannot be stored (quota), and asks for it after a reload", async () => {
    const add = db.uploads.add.bind(db.uploads);
    const spy = vi
      .spyOn(db.uploads, "add")
      .mockImplementation((upload: StoredUpload) => (upload.file ? Dexie.Promise.reject(new DOMException("Quota exceeded", "QuotaExceededError")) : add(upload)));
    let first = engine();
    server.afterPart = () => {
      first.stop();
      server.afterPart = () => undefined;
    };
    const file = videoFile(3_000);
    const id = await queued(first, file);
    expect((await stored(id)).file).toBeNull();
    await first.settled();
    spy.mockRestore();

    // Reloaded: the upload is there, its file is not.
    first = engine();
    await first.resume();
    await first.settled();
    expect(uploadLive[id]?.waiting).toBe("file");
    expect((await stored(id)).status).toBe("uploading");
    expect(await first.reattach(id, videoFile(3_000, "other.mp4"))).toBe(false);
    expect(await first.reattach(id, videoFile(3_000, "talk.mp4", 1))).toBe(false);
    expect(await first.reattach(id, file)).toBe(true);
    await first.settled();
    expect((await stored(id)).status).toBe("done");
    expect(server.joined((await stored(id)).upload_id ?? "")).toEqual(await bytesOf(file));
  });
});

describe("resuming", () => {
  it("after a reload, sends only the parts the server does not hold", async () => {
    cleanups.push(keepBlobsInIndexedDb());
    const before = engine();
    let stored = 0;
    server.afterPart = () => {
      // The tab closes once two parts arrived (others were in flight: lost).
      if (++stored === 2) before.stop();
    };
    const file = videoFile(8 * 1_024 + 10);
    const id = await queued(before, file);
    await before.settled();
    const sentBefore = new Set(server.uploads.values().next().value?.bytes.keys());
    expect(sentBefore.size).toBe(2);
    const putsBefore = server.partsPut().length;

    server.afterPart = () => undefined;
    const after = engine();
    await after.resume();
    await after.settled();
    const sentAfter = server.partsPut().slice(putsBefore);
    expect(sentAfter.filter((part) => sentBefore.has(part))).toEqual([]);
    expect(new Set([...sentBefore, ...sentAfter])).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(sentAfter).toHaveLength(7);
    const upload = await db.uploads.get(id);
    expect(upload?.status).toBe("done");
    expect(server.joined(upload?.upload_id ?? "")).toEqual(await bytesOf(file));
    expect(finished).toHaveLength(1);
  });

  it("started twice at once (two calls at app start) still sends each part once and finishes once", async () => {
    cleanups.push(keepBlobsInIndexedDb());
    const before = engine();
    server.afterPart = () => {
      before.stop();
      server.afterPart = () => undefined;
    };
    const id = await queued(before, videoFile(4 * 1_024));
    await before.settled();
    const putsBefore = server.partsPut().length;
    const after = engine();
    await Promise.all([after.resume(), after.resume()]);
    await after.settled();
    const sentAfter = server.partsPut().slice(putsBefore);
    expect(new Set(sentAfter).size).toBe(sentAfter.length);
    expect((await stored(id)).status).toBe("done");
    expect(finished).toHaveLength(1);
  });

  it("starts over from the first byte when the server let the upload go (the daily sweep)", async () => {
    cleanups.push(keepBlobsInIndexedDb());
    const before = engine();
    server.afterPart = () => {
      before.stop();
      server.afterPart = () => undefined;
    };
    const id = await queued(before, videoFile(3 * 1_024));
    await before.settled();
    const first = (await stored(id)).upload_id ?? "";
    server.uploads.delete(first);

    const after = engine();
    await after.resume();
    await after.settled();
    const upload = await stored(id);
    expect(upload.status).toBe("done");
    expect(upload.upload_id).not.toBe(first);
    expect(server.joined(upload.upload_id ?? "").length).toBe(3 * 1_024);
  });

  it("a finisher refused by the server (4xx) ends failed with its message, and the file is let go on the server", async () => {
    cleanups.push(
      registerUploadFinisher("refused.finish", async () => {
        throw new ApiRequestError(422, "The data is not valid.", "validation_failed", { title: ["The title is required."] });
      }),
    );
    const uploads = engine();
    const id = await queued(uploads, videoFile(1_500), { finish: { type: "refused.finish", args: {} } });
    await uploads.settled();
    await vi.waitFor(async () => expect(await stored(id)).toMatchObject({ status: "failed", error: "The title is required.", upload_id: null }));
    expect(server.requests.at(-1)?.method).toBe("DELETE");
  });

  it("waits while offline, without a request, and resumes on the online event", async () => {
    network.set(false);
    server.reachable = false;
    const uploads = engine();
    const id = await queued(uploads, videoFile(2_500));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests).toEqual([]);
    expect(uploadLive[id]?.waiting).toBe("network");
    expect((await stored(id)).status).toBe("queued");

    server.reachable = true;
    network.set(true);
    await uploads.settled();
    expect((await stored(id)).status).toBe("done");
  });

  it("a cut in the middle waits for the network, then sends what is missing", async () => {
    const uploads = engine();
    server.onPart = (_, part) => {
      if (part !== 3) return undefined;
      server.onPart = () => undefined;
      server.reachable = false;
      network.set(false);
      return "network";
    };
    const id = await queued(uploads, videoFile(6 * 1_024));
    await vi.waitFor(() => expect(uploadLive[id]?.waiting).toBe("network"));
    server.reachable = true;
    network.set(true);
    await uploads.settled();
    const upload = await stored(id);
    expect(upload.status).toBe("done");
    expect(server.joined(upload.upload_id ?? "").length).toBe(6 * 1_024);
  });

  it("a completed upload whose finisher was not registered yet waits for it", async () => {
    const uploads = engine();
    const id = await queued(uploads, videoFile(1_500), { finish: { type: "later.finish", args: {} } });
    await uploads.settled();
    expect((await stored(id)).status).toBe("finishing");
    expect(uploadLive[id]?.waiting).toBe("finisher");
    const ran: string[] = [];
    cleanups.push(registerUploadFinisher("later.finish", async (upload) => void ran.push(upload.id)));
    await vi.waitFor(() => expect(ran).toEqual([id]));
    await uploads.settled();
    expect((await stored(id)).status).toBe("done");
  });
});

describe("cancelUpload", () => {
  it("stops sending and sends DELETE to the server", async () => {
    server = new FakeUploadServer(1_024, 30);
    const uploads = engine();
    const id = await queued(uploads, videoFile(10 * 1_024));
    await vi.waitFor(() => expect(server.partsPut().length).toBeGreaterThan(0), { interval: 2 });
    await uploads.cancel(id);
    const upload = await stored(id);
    expect(upload).toMatchObject({ status: "canceled", file: null, upload_id: null });
    const serverId = [...server.uploads.keys()][0] ?? "";
    expect(server.requests.at(-1)).toEqual({ method: "DELETE", path: `/api/uploads/${serverId}` });
    expect(server.uploads.get(serverId)?.answer.status).toBe("aborted");
    const puts = server.partsPut().length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.partsPut().length).toBe(puts);
    expect(finished).toEqual([]);
    expect(uploadLive[id]).toBeUndefined();
  });

  it("offline: the DELETE goes once the network is back", async () => {
    const uploads = engine();
    server.afterPart = () => {
      server.reachable = false;
      network.set(false);
    };
    const id = await queued(uploads, videoFile(4 * 1_024));
    await vi.waitFor(() => expect(uploadLive[id]?.waiting).toBe("network"));
    await uploads.cancel(id);
    expect((await stored(id)).status).toBe("canceled");
    expect((await stored(id)).upload_id).not.toBeNull();

    server.reachable = true;
    network.set(true);
    await vi.waitFor(async () => expect((await stored(id)).upload_id).toBeNull());
    expect(server.requests.filter((seen) => seen.method === "DELETE")).toHaveLength(1);
  });
});

describe("progress", () => {
  it("moves within a part and counts the parts in flight", async () => {
    server = new FakeUploadServer(1_024, 200);
    const uploads = engine();
    const id = await queued(uploads, videoFile(1_024));
    await vi.waitFor(() => expect(uploadLive[id]?.sent).toBe(512), { interval: 2 });
    expect(uploadLive[id]?.total).toBe(1_024);
    await uploads.settled();
  });

  it("speed is a moving average over ~5 s, and time left follows from it", () => {
    const meter = new SpeedMeter();
    meter.add(0, 0);
    expect(meter.speed()).toBeNull();
    meter.add(1_000, 1_000_000);
    expect(meter.speed()).toBe(1_000_000);
    for (let second = 2; second <= 10; second++) meter.add(second * 1_000, second * 1_000_000 + (second > 6 ? (second - 6) * 1_000_000 : 0));
    // The last 5 s went twice as fast.
    expect(meter.speed()).toBe(1_800_000);
    expect(secondsLeft(9_000_000, 1_800_000)).toBe(5);
    expect(secondsLeft(1, null)).toBeNull();
    // A part cut and sent again (bytes going back) starts the average over.
    meter.add(11_000, 500);
    expect(meter.speed()).toBeNull();
  });

  it("retries 1 s doubling to 30 s", () => {
    const backoff = { first: 1_000, max: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => retryDelay(attempt, backoff))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../api/errors.ts";
import { FakeUploadServer } from "./testing.ts";
import { UploadApi, xhrSendPart } from "./upload-api.ts";

/** Just enough of XMLHttpRequest: records the request; the test plays the network's part. */
class FakeXhr {
  static last: FakeXhr | undefined;
  readonly headers: Record<string, string> = {};
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = "";
  url = "";
  body: unknown;
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name === "X-Request-Id" ? "req-1" : null;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.events.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
  fail() {
    this.events.dispatchEvent(new Event("error"));
  }
}

/** The last XHR made (a function: TypeScript would keep `FakeXhr.last` narrowed to undefined after a reset). */
const lastXhr = (): FakeXhr | undefined => FakeXhr.last;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

describe("xhrSendPart", () => {
  it("PUTs the raw bytes with the app's headers and CSRF token, reporting progress within the part", async () => {
    document.cookie = "XSRF-TOKEN=token%3D1; Path=/";
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const body = new Blob([new Uint8Array(100)]);
    const progress: number[] = [];
    const sent = xhrSendPart({ path: "/api/uploads/u1/parts/2", body, onProgress: (loaded) => progress.push(loaded), signal: new AbortController().signal });
    await vi.waitFor(() => expect(lastXhr()?.body).toBe(body));
    const xhr = lastXhr();
    expect(xhr?.method).toBe("PUT");
    expect(xhr?.url).toBe("/api/uploads/u1/parts/2");
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.headers).toMatchObject({ "X-XSRF-TOKEN": "token=1", "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/octet-stream" });
    xhr?.progress(40);
    xhr?.progress(100);
    xhr?.answer(200, { data: { part_number: 2, size: 100 } });
    await expect(sent).resolves.toMatchObject({ status: 200, requestId: "req-1" });
    expect(progress).toEqual([40, 100]);
  });

  it("no answer is a network error (status 0); a refusal carries the server's message and fields", async () => {
    document.cookie = "XSRF-TOKEN=t; Path=/";
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const api = new UploadApi({ fetch: new FakeUploadServer().fetch, sendPart: xhrSendPart });
    const signal = new AbortController().signal;
    const cut = api.putPart("u1", 1, new Blob(["x"]), () => undefined, signal);
    await vi.waitFor(() => expect(lastXhr()?.body).toBeDefined());
    lastXhr()?.fail();
    await expect(cut).rejects.toMatchObject({ status: 0 });

    FakeXhr.last = undefined;
    const refused = api.putPart("u1", 1, new Blob(["x"]), () => undefined, signal);
    await vi.waitFor(() => expect(lastXhr()?.body).toBeDefined());
    lastXhr()?.answer(422, { message: "The file cannot be uploaded.", code: "validation_failed", errors: { file: ["This file is not a PDF."] }, requestId: "r" });
    const error: unknown = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: "validation_failed", errors: { file: ["This file is not a PDF."] } });
  });
});

describe("UploadApi.start", () => {
  it("sends the organization for a library file and the webcast for a deck, never a null", async () => {
    const server = new FakeUploadServer();
    const api = new UploadApi({ fetch: server.fetch, sendPart: server.sendPart });
    const signal = new AbortController().signal;
    const common = { target_id: "t", organization_id: 3, file_name: "a", size: 10, content_type: "application/pdf" };
    await api.start({ ...common, kind: "image", webcast_id: null }, signal);
    await api.start({ ...common, kind: "slides", webcast_id: "w" }, signal);
    expect(server.requests.map((request) => request.body)).toEqual([
      { kind: "image", target_id: "t", organization_id: 3, file_name: "a", size: 10, content_type: "application/pdf" },
      { kind: "slides", target_id: "t", webcast_id: "w", file_name: "a", size: 10, content_type: "application/pdf" },
    ]);
  });
});

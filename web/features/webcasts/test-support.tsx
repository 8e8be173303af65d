import { cleanup, fireEvent } from "@testing-library/react";
import { type MockInstance, afterEach, beforeEach, vi } from "vitest";
import { ref } from "valtio";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { createArgsFromDraft, emptyWebcastDraft } from "../../../domain/webcasts/draft.ts";
import { LocalDatabase } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { SyncEngine } from "../../local/sync-engine.ts";
import { freshUserId } from "../../local/testing.ts";
import { profileUser } from "../../test/users.ts";
import { toasts } from "../../ui/toast.ts";
import { resetSession, session } from "../session/store.ts";

export const ORGANIZER_PERMISSIONS: readonly Permission[] = ["sessions.view", "webcasts.view", "webcasts.create", "webcasts.update", "webcasts.delete"];

/**
 * The webcast screens' harness: a signed-in user on a real (fake-indexeddb) Dexie replica with an
 * engine that is not started, as offline: saving runs the mutators locally and queues them.
 * Registers the hooks; `harness.engine` / `harness.user` are the current test's.
 */
export function offlineReplica() {
  const harness = {} as { user: ProfileUser; engine: SyncEngine; setOnline(online: boolean): void };
  let onLine: MockInstance<() => boolean>;
  harness.setOnline = (online) => {
    onLine.mockReturnValue(online);
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  };
  beforeEach(() => {
    // A toast of the previous test would pass for this one's ("Changes saved…").
    toasts.items.splice(0);
    onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    harness.user = profileUser(ORGANIZER_PERMISSIONS, { id: freshUserId() });
    session.user = harness.user;
    session.status = "ready";
    harness.engine = new SyncEngine({ user: harness.user, db: new LocalDatabase(harness.user.id), openSocket: () => null });
    activeSync.engine = ref(harness.engine);
  });
  afterEach(async () => {
    cleanup();
    activeSync.engine = null;
    await harness.engine.stop();
    resetSession();
    onLine.mockRestore();
    document.body.innerHTML = "";
  });
  return harness;
}

export const input = (name: string) => {
  const element = document.querySelector(`[name="${name}"]`) as HTMLInputElement | null;
  if (!element) throw new Error(`no field ${name}`);
  return element;
};
/** A select field by name (a typed `input`). */
export const select = (name: string) => {
  const element = document.querySelector(`select[name="${name}"]`);
  if (!(element instanceof HTMLSelectElement)) throw new Error(`no select ${name}`);
  return element;
};
export const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
export const fieldErrors = (name: string) => input(name).closest(".field, .switch-field")?.querySelector("[data-testid=field-errors]")?.textContent ?? "";

/** Creates a webcast in organization 1 through the mutator (queued, as made offline). */
export async function seedWebcast(engine: SyncEngine, title = "Town hall"): Promise<string> {
  const draft = emptyWebcastDraft({ organizationId: 1, timezone: "UTC", language: "en", now: new Date() });
  draft.details.event_title = title;
  const id = uuidv7();
  await engine.mutate("createWebcast", createArgsFromDraft(draft, { id, now: new Date().toISOString() }));
  return id;
}

/** The arguments of the queued mutations of that name, oldest first. */
export async function queued(engine: SyncEngine, name: string): Promise<Record<string, unknown>[]> {
  return (await engine.db.outbox.toArray()).filter((entry) => entry.name === name).map((entry) => entry.args as Record<string, unknown>);
}

/** An XMLHttpRequest that records the upload and answers when told. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  url = "";
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  abort() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}


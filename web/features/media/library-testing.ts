/**
 * Test fixtures of the library screens (not shipped code): a signed-in organizer who manages the
 * library, on a real (fake-indexeddb) Dexie replica whose engine is not started, as offline (like
 * web/features/webcasts/test-support.tsx `offlineReplica`, with media.manage); and library rows as a
 * pull leaves them (in the view only).
 */
import { cleanup } from "@testing-library/react";
import { type MockInstance, afterEach, beforeEach, vi } from "vitest";
import { ref } from "valtio";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import type { MediaRow } from "../../../domain/media/record.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { LocalDatabase } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { SyncEngine } from "../../local/sync-engine.ts";
import { freshUserId } from "../../local/testing.ts";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { toasts } from "../../ui/toast.ts";
import { resetSession, session } from "../session/store.ts";
import { stopUploads } from "../uploads/upload-queue.ts";
import { ORGANIZER_PERMISSIONS } from "../webcasts/test-support.tsx";

export const LIBRARY_PERMISSIONS: readonly Permission[] = [...ORGANIZER_PERMISSIONS, "media.manage"];

export function libraryReplica(permissions: readonly Permission[] = LIBRARY_PERMISSIONS) {
  const harness = {} as { user: ProfileUser; engine: SyncEngine; setOnline(online: boolean): void };
  let onLine: MockInstance<() => boolean>;
  harness.setOnline = (online) => {
    onLine.mockReturnValue(online);
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  };
  beforeEach(() => {
    toasts.items.splice(0);
    confirmState.queue.splice(0);
    onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    harness.user = profileUser(permissions, { id: freshUserId() });
    session.user = harness.user;
    session.status = "ready";
    harness.engine = new SyncEngine({ user: harness.user, db: new LocalDatabase(harness.user.id), openSocket: () => null });
    activeSync.engine = ref(harness.engine);
  });
  afterEach(async () => {
    cleanup();
    stopUploads();
    vi.unstubAllGlobals();
    activeSync.engine = null;
    await harness.engine.stop();
    resetSession();
    onLine.mockRestore();
    document.body.innerHTML = "";
  });
  return harness;
}

const stamp = "2026-11-20T10:00:00.000Z";

/** A processed video of organization 1 in the view (as pulled), with `fields` over it. */
export async function pulledMedia(engine: SyncEngine, fields: Partial<MediaRow> = {}): Promise<MediaRow> {
  const id = fields.id ?? uuidv7();
  const row: MediaRow = {
    id,
    organization_id: 1,
    title: "Intro",
    description: null,
    status: "processed",
    failure_reason: null,
    duration: 65,
    width: 1280,
    height: 720,
    file_key: `organizations/1/media/${id}/file`,
    file_name: "intro.mp4",
    size: 1_000,
    content_type: "video/mp4",
    poster_key: null,
    pre_webcast_loop: false,
    post_webcast_loop: false,
    loop_mode: "repeat",
    source: "upload",
    edition: null,
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  };
  await engine.db.view_media.put(row);
  return row;
}

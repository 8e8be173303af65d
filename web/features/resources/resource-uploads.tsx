import { useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import type { StoredUpload } from "../../local/db.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { UploadProgress } from "../uploads/upload-progress.tsx";
import { deviceUploads } from "../uploads/uploads-list.tsx";

/** This device's upload of one resource file (by this device's upload id), live: undefined while loading, null when gone. */
export function useStoredUpload(id: string | null): StoredUpload | null | undefined {
  const db = useLocalDatabase();
  return useLiveQuery(async () => (db && id ? ((await db.uploads.get(id)) ?? null) : null), [db, id]);
}

/**
 * The resource files of one webcast this device is still sending (or failed to), but the one an
 * open editor shows: the upload goes on when its editor closes, and its resource appears once the
 * file is in. Nothing when there are none.
 */
export function ResourceUploads({ webcastId, except }: { webcastId: string; except: string | null }) {
  const { t } = useLingui();
  const db = useLocalDatabase();
  const uploads = useLiveQuery(async () => (db ? (await deviceUploads(db, { kind: "resource" })).filter((upload) => upload.webcast_id === webcastId && upload.status !== "done") : []), [db, webcastId]);
  const shown = (uploads ?? []).filter((upload) => upload.id !== except);
  if (shown.length === 0) return null;
  return (
    <ul className="uploads-list" aria-label={t`Files being uploaded`} data-testid="resource-uploads">
      {shown.map((upload) => (
        <li key={upload.id}>
          <UploadProgress upload={upload} />
        </li>
      ))}
    </ul>
  );
}

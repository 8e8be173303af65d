import { useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import type { UploadKind } from "../../../domain/uploads/record.ts";
import type { LocalDatabase, StoredUpload } from "../../local/db.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { UploadProgress } from "./upload-progress.tsx";
import "./uploads.css";

/**
 * This device's uploads of `kind` for `targetId` (both optional: all of them), newest first; a
 * canceled one is not shown (it was let go). Nothing at all when there are none.
 */
export function UploadsList({ kind, targetId }: { kind?: UploadKind; targetId?: string }) {
  const { t } = useLingui();
  const db = useLocalDatabase();
  const uploads = useLiveQuery(() => (db ? deviceUploads(db, { kind, targetId }) : []), [db, kind, targetId]);
  if (!uploads || uploads.length === 0) return null;
  return (
    <ul className="uploads-list stack" aria-label={t`Uploads from this device`} data-testid="uploads-list">
      {uploads.map((upload) => (
        <li key={upload.id}>
          <UploadProgress upload={upload} />
        </li>
      ))}
    </ul>
  );
}

/** The uploads of this device for a kind and target, newest first, without the canceled ones. */
export async function deviceUploads(db: LocalDatabase, where: { kind?: UploadKind | undefined; targetId?: string | undefined }): Promise<StoredUpload[]> {
  const table = where.targetId === undefined ? db.uploads.toCollection() : db.uploads.where("target_id").equals(where.targetId);
  const uploads = await table.filter((upload) => upload.status !== "canceled" && (where.kind === undefined || upload.kind === where.kind)).toArray();
  return uploads.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1));
}

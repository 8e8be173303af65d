import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer, UploadKind } from "../../../domain/uploads/record.ts";
import type { TestClient } from "../../test/client.ts";

/** Test helpers of the upload path (workerd only). */

/** Where the file goes: a webcast's (slides, resource, branding), an organization's (video, image) or neither (a profile photo: the user's own). */
export type UploadPlace = { webcast_id: string; organization_id?: never } | { organization_id: number; webcast_id?: never } | { organization_id?: never; webcast_id?: never };

export type UploadFileOptions = UploadPlace & {
  kind: UploadKind;
  /** The row the file is for (a resource's, a deck's, a video's id); a fresh id when left out. */
  target_id?: string;
  bytes: Uint8Array | string;
  name: string;
  content_type?: string;
};

async function dataOf<T>(step: string, response: Response, status: number): Promise<T> {
  if (response.status !== status) throw new Error(`uploadFile: ${step} answered ${response.status}: ${await response.text()}`);
  return (await response.json<{ data: T }>()).data;
}

/**
 * Uploads a file as `client` through the one upload path, as the browser does: POST /api/uploads,
 * PUT each part (of the size the answer says), complete. Returns the completed upload; throws
 * with the answer's body when a step is refused (tests of refusals call the routes themselves).
 */
export async function uploadFile(client: TestClient, options: UploadFileOptions): Promise<UploadAnswer> {
  const bytes = typeof options.bytes === "string" ? new TextEncoder().encode(options.bytes) : options.bytes;
  const { kind, name, content_type, webcast_id, organization_id } = options;
  const json = {
    kind,
    target_id: options.target_id ?? uuidv7(),
    ...(webcast_id === undefined ? { organization_id } : { webcast_id }),
    file_name: name,
    size: bytes.length,
    ...(content_type === undefined ? {} : { content_type }),
  };
  const upload = await dataOf<UploadAnswer>("POST /api/uploads", await client.request("/api/uploads", { method: "POST", json }), 201);
  for (let part = 1; part <= upload.part_count; part++) {
    const start = (part - 1) * upload.part_bytes;
    const body = bytes.slice(start, Math.min(bytes.length, start + upload.part_bytes));
    await dataOf(`PUT part ${part}`, await client.request(`/api/uploads/${upload.id}/parts/${part}`, { method: "PUT", body }), 200);
  }
  return dataOf<UploadAnswer>("complete", await client.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }), 200);
}

import type { ResourceAnswer } from "../../../domain/resources/mutators.ts";
import { uploadForm } from "../../api/request.ts";

/** The text fields of a file resource. */
export interface ResourceFileFields {
  title: string;
  description: string;
  language: "en" | "fr" | null;
}

/**
 * POST /api/webcasts/{uid}/resources (multipart) for a file resource, with upload progress (XHR:
 * fetch cannot report it). The text fields go FIRST and the file LAST: the server checks the
 * fields before it stores a byte (FormData sends its entries in the order they were appended).
 * Only the server names a file (R2), so this needs a connection; the new row comes with the next pull.
 */
export async function uploadResourceFile(uid: string, fields: ResourceFileFields, file: File, onProgress: (fraction: number) => void): Promise<ResourceAnswer> {
  const form = new FormData();
  form.append("kind", "file");
  form.append("title", fields.title);
  form.append("description", fields.description);
  form.append("language", fields.language ?? "");
  form.append("file", file, file.name);
  const { data } = await uploadForm<{ data: ResourceAnswer }>(`/api/webcasts/${encodeURIComponent(uid)}/resources`, form, { onProgress });
  return data;
}

/** Where a file resource is downloaded from (sessions.view; served as an attachment). */
export function resourceDownloadUrl(id: string): string {
  return `/api/resources/${encodeURIComponent(id)}/download`;
}

import { UPLOAD_FILE_NAME_MAX } from "../../../domain/uploads/rules.ts";

/** The name a file is downloaded under: its last path segment, without control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base.replace(/\p{Cc}/gu, "").trim()].slice(0, UPLOAD_FILE_NAME_MAX).join("");
  return cleaned === "" ? "file" : cleaned;
}

/** A declared type kept as `type/subtype` (no parameters), else application/octet-stream. */
export function cleanContentType(value: string | null): string {
  const type = value?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : "application/octet-stream";
}

import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { type FileType, acceptsFileType, sniffFileType, wrongTypeMessage } from "../../../domain/uploads/file-types.ts";
import type { UploadKind } from "../../../domain/uploads/record.ts";
import { SNIFF_BYTES, uploadStartErrors } from "../../../domain/uploads/rules.ts";

/**
 * The checks the Worker runs as the authority, run here first (offline too), so a refused file
 * costs no request: the size and name rules, then the type its first bytes tell. The size is
 * checked before a byte is read, so a 6 GB file is refused without reading it.
 */
export async function uploadFileErrors(kind: UploadKind, file: Blob & { name: string }, locale: UiLocale): Promise<{ errors: Record<string, string[]>; type: FileType | null }> {
  const errors = uploadStartErrors(kind, { name: file.name, size: file.size }, locale);
  if (Object.keys(errors).length > 0) return { errors, type: null };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const type = sniffFileType(head);
  if (acceptsFileType(kind, type)) return { errors: {}, type };
  return { errors: { file: [wrongTypeMessage(kind, type, locale)] }, type };
}

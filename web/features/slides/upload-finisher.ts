import { z } from "zod";
import { SLIDES_LIMITS } from "../../../domain/slides/mutators.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import type { StoredUpload } from "../../local/db.ts";
import { registerUploadFinisher } from "../uploads/upload-queue.ts";
import { fetchSlides, takeSlidesUpload } from "./api.ts";

/** The finishing step of a deck's upload (docs/uploads.md "Finishing steps"): its name and arguments. */
export const SLIDES_FINISH = "slides.set";

export const slidesFinishArgs = z.object({ webcast_id: z.string().regex(UUID_V7), page_count: z.int().min(1).max(SLIDES_LIMITS.pages) });
export type SlidesFinishArgs = z.infer<typeof slidesFinishArgs>;

/**
 * Makes the uploaded PDF the webcast's deck (POST …/slides; the deck's id is the upload's
 * `target_id`). It may run twice for one upload (the tab closed while it ran): when the webcast's
 * deck already is this one, it is done — taking the file again would withdraw its approval.
 */
export async function finishSlidesUpload(upload: StoredUpload, answer: UploadAnswer): Promise<void> {
  const args = slidesFinishArgs.parse(upload.finish.args);
  const current = await fetchSlides(args.webcast_id);
  if (current?.id === upload.target_id) return;
  await takeSlidesUpload(args.webcast_id, answer.id, args.page_count);
}

let registered = false;

/** Registers the step once (the deck screens' modules call it when they load). */
export function registerSlidesFinisher(): void {
  if (registered) return;
  registered = true;
  registerUploadFinisher(SLIDES_FINISH, finishSlidesUpload);
}

import { z } from "zod";
import type { AttendeeOptions } from "./record.ts";

/**
 * SPEC §3 "Attendee options" as zod reads them: the viewer page's contract reads the whole set, the
 * webcast mutators a strict partial update (`.strict().partial()`). Apart from record.ts so the types
 * stay free of zod.
 */
export const attendeeOptionsSchema = z.object({
  ask_questions: z.boolean(),
  view_resources: z.boolean(),
  view_details: z.boolean(),
  switch_language: z.boolean(),
  poster_overlay: z.boolean(),
  question_wall: z.boolean(),
}) satisfies z.ZodType<AttendeeOptions>;

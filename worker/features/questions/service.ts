import { eq } from "drizzle-orm";
import type { Question } from "../../../domain/questions/record.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import type { Db } from "../../db/client.ts";
import { questions } from "../../db/schema/index.ts";

/**
 * A webcast's questions as D1 holds them (written by its room, worker/features/webcast-room/
 * interaction-writes.ts). Callers flush the room first and authorize.
 */

type QuestionRow = typeof questions.$inferSelect;

const questionOf = ({ organization_id: _organization, ...question }: QuestionRow): Question => question;

export async function webcastQuestions(database: Db, webcastId: string): Promise<Question[]> {
  return (await database.select().from(questions).where(eq(questions.webcast_id, webcastId))).map(questionOf);
}

/** The webcast a question belongs to, or undefined for an unknown (or malformed) id. */
export async function questionWebcast(database: Db, questionId: string): Promise<string | undefined> {
  if (!UUID_V7.test(questionId)) return undefined;
  const [row] = await database.select({ webcast_id: questions.webcast_id }).from(questions).where(eq(questions.id, questionId));
  return row?.webcast_id;
}

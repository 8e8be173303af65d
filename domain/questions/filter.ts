import type { Question, QuestionListQuery, QuestionStatusFilter } from "./record.ts";

/**
 * GET questions (SPEC §7 "page, status, q, limit", status default all, SPEC §9 default page 1):
 * filter, sort and cut a page, purely, over the questions a reader may see (records for a
 * moderator, or views from visibility.ts). The answer has the shape of the other lists
 * (`{ data, meta: { page, per_page, total } }`).
 */

/** What the list reads of a question (a record and a view both have it). */
export type ListedQuestion = Pick<Question, "id" | "text" | "asker_name" | "asked_at" | "answered" | "hidden" | "pushed_to_speakers" | "upvotes"> & {
  asker_email?: string | null;
};

export interface QuestionPage<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

/** Case- and accent-insensitive form of a text for searching ("Élève" finds "eleve"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

export function matchesStatus(question: ListedQuestion, status: QuestionStatusFilter): boolean {
  switch (status) {
    case "all":
      return true;
    case "answered":
      return question.answered && !question.hidden;
    case "unanswered":
      return !question.answered && !question.hidden;
    case "hidden":
      return question.hidden;
    case "pushed":
      return question.pushed_to_speakers && !question.hidden;
  }
}

/** `q` in the text, the asker's name, or the e-mail when the reader's view has one; blank matches all. */
export function matchesSearch(question: ListedQuestion, q: string | undefined): boolean {
  const wanted = foldForSearch((q ?? "").trim());
  if (wanted === "") return true;
  return [question.text, question.asker_name, question.asker_email].some((field) => field != null && foldForSearch(field).includes(wanted));
}

const byRecent = (a: ListedQuestion, b: ListedQuestion) => b.asked_at - a.asked_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byPopular = (a: ListedQuestion, b: ListedQuestion) => b.upvotes - a.upvotes || byRecent(a, b);

export function listQuestions<T extends ListedQuestion>(questions: readonly T[], query: Pick<QuestionListQuery, "page" | "status" | "limit"> & Partial<Pick<QuestionListQuery, "q" | "sort">>): QuestionPage<T> {
  const matching = questions.filter((question) => matchesStatus(question, query.status) && matchesSearch(question, query.q));
  matching.sort(query.sort === "popular" ? byPopular : byRecent);
  const start = (query.page - 1) * query.limit;
  return { data: matching.slice(start, start + query.limit), meta: { page: query.page, per_page: query.limit, total: matching.length } };
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldForSearch, listQuestions, matchesSearch, matchesStatus } from "./filter.ts";
import { QUESTION_LIST_MAX_LIMIT, QUESTION_STATUS_FILTERS, type Question, questionListQuery } from "./record.ts";
import { T0, idOf, question } from "./testing.ts";

const q1 = question({ id: idOf(1), asked_at: T0, text: "Où est l'Élève ?", asker_name: "Zoé", upvotes: 5 });
const q2 = question({ id: idOf(2), asked_at: T0 + 1_000, answered: true, asker_name: "Bob", upvotes: 1 });
const q3 = question({ id: idOf(3), asked_at: T0 + 2_000, hidden: true, asker_name: "Carl" });
const q4 = question({ id: idOf(4), asked_at: T0 + 3_000, pushed_to_speakers: true, pushed_at: T0, asker_name: null, anonymous: true, asker_email: null, upvotes: 5 });
const all = [q1, q2, q3, q4];

describe("the list query (SPEC §7 page, status, q, limit)", () => {
  it("defaults: page 1, status all, 20 a page, newest first", () => {
    expect(questionListQuery.parse({})).toEqual({ page: 1, status: "all", limit: 20, sort: "recent" });
  });

  it("reads the query string's text, and bounds page and limit", () => {
    expect(questionListQuery.parse({ page: "2", limit: "50", status: "hidden", q: "  élève ", sort: "popular" })).toEqual({ page: 2, limit: 50, status: "hidden", q: "élève", sort: "popular" });
    for (const bad of [{ page: "0" }, { limit: "0" }, { limit: String(QUESTION_LIST_MAX_LIMIT + 1) }, { status: "open" }, { sort: "oldest" }]) expect(questionListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("status filter", () => {
  it("all: every question, hidden ones included", () => {
    expect(listQuestions(all, { page: 1, limit: 20, status: "all" }).data.map((q) => q.id)).toEqual([idOf(4), idOf(3), idOf(2), idOf(1)]);
  });

  it("answered, unanswered and pushed leave hidden questions out; hidden lists them", () => {
    const ids = (status: (typeof QUESTION_STATUS_FILTERS)[number]) => listQuestions(all, { page: 1, limit: 20, status }).data.map((q) => q.id);
    expect(ids("answered")).toEqual([idOf(2)]);
    expect(ids("unanswered")).toEqual([idOf(4), idOf(1)]);
    expect(ids("hidden")).toEqual([idOf(3)]);
    expect(ids("pushed")).toEqual([idOf(4)]);
    expect(matchesStatus(question({ hidden: true, answered: true }), "answered")).toBe(false);
  });
});

describe("search", () => {
  it("is case- and accent-insensitive, in the text and the name", () => {
    expect(foldForSearch("Où est l'ÉLÈVE")).toBe("ou est l'eleve");
    expect(listQuestions(all, { page: 1, limit: 20, status: "all", q: "eleve" }).data).toEqual([q1]);
    expect(listQuestions(all, { page: 1, limit: 20, status: "all", q: "ZOE" }).data).toEqual([q1]);
    expect(listQuestions(all, { page: 1, limit: 20, status: "all", q: "  " }).meta.total).toBe(4);
  });

  it("in the e-mail when the reader's view carries it", () => {
    expect(matchesSearch(question(), "ada@example")).toBe(true);
    const { asker_email: _email, ...view } = question();
    expect(matchesSearch(view, "ada@example")).toBe(false);
  });
});

describe("sort and pages", () => {
  it("popular: most upvotes first, then newest", () => {
    expect(listQuestions(all, { page: 1, limit: 20, status: "all", sort: "popular" }).data.map((q) => q.id)).toEqual([idOf(4), idOf(1), idOf(2), idOf(3)]);
  });

  it("cuts pages and says the total", () => {
    expect(listQuestions(all, { page: 2, limit: 3, status: "all" })).toEqual({ data: [q1], meta: { page: 2, per_page: 3, total: 4 } });
    expect(listQuestions(all, { page: 3, limit: 3, status: "all" })).toEqual({ data: [], meta: { page: 3, per_page: 3, total: 4 } });
  });

  it("pages never skip nor repeat a question (property)", () => {
    const arbitraryQuestion = fc.record({
      n: fc.nat({ max: 10_000 }),
      asked: fc.nat({ max: 50 }),
      upvotes: fc.nat({ max: 5 }),
      hidden: fc.boolean(),
      answered: fc.boolean(),
      pushed: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryQuestion, { selector: (item) => item.n, maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(...QUESTION_STATUS_FILTERS),
        fc.constantFrom("recent" as const, "popular" as const),
        (items, limit, status, sort) => {
          const questions: Question[] = items.map((item) =>
            question({ id: idOf(item.n), asked_at: T0 + item.asked, upvotes: item.upvotes, hidden: item.hidden, answered: item.answered, pushed_to_speakers: item.pushed && !item.hidden }),
          );
          const first = listQuestions(questions, { page: 1, limit, status, sort });
          const pages = Math.ceil(first.meta.total / limit);
          const seen = [];
          for (let page = 1; page <= pages + 1; page++) seen.push(...listQuestions(questions, { page, limit, status, sort }).data.map((q) => q.id));
          const expected = questions.filter((q) => matchesStatus(q, status)).map((q) => q.id);
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort()).toEqual([...expected].sort());
          expect(first.meta.total).toBe(expected.length);
        },
      ),
    );
  });
});

import { describe, expect, it } from "vitest";
import { questionExportRows } from "./export.ts";
import { T0, idOf, question } from "./testing.ts";

describe("questionExportRows", () => {
  const rows = (lang: "en" | "fr") =>
    questionExportRows(
      [
        question({ id: idOf(1), asked_at: Date.UTC(2026, 10, 22, 14, 3), answered: true, answer: "Soon.", upvotes: 2 }),
        question({ id: idOf(2), asked_at: Date.UTC(2026, 10, 22, 15, 0), anonymous: true, asker_name: "kept by mistake", asker_email: "x@example.com", source: "sms", support_desk: { status: "sent", requested_at: T0, requested_by: 1, sent_at: T0, ticket: "ZD-1", failed_at: null } }),
      ],
      lang,
      "America/Toronto",
    );

  it("a header row in the language, then one row per question, newest first, in the webcast's time zone", () => {
    expect(rows("en")).toEqual([
      ["Date", "Name", "E-mail", "Question", "Anonymous", "Source", "Answered", "Answer", "Hidden", "Pushed to speakers", "Upvotes", "Support desk"],
      ["2026-11-22 10:00", null, null, "When is the next release?", "Yes", "SMS", "No", null, "No", "No", 0, "Sent"],
      ["2026-11-22 09:03", "Ada Lovelace", "ada@example.com", "When is the next release?", "No", "Web", "Yes", "Soon.", "No", "No", 2, null],
    ]);
    expect(rows("fr")[0]).toEqual(["Date", "Nom", "Courriel", "Question", "Anonyme", "Source", "Répondue", "Réponse", "Masquée", "Envoyée aux intervenants", "Votes", "Service d'assistance"]);
    expect(rows("fr")[1]?.[4]).toBe("Oui");
  });
});

import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { question } from "../webcast-room/interaction-fixtures.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import { ModerationQueue } from "./moderation-queue.tsx";

const QUESTIONS = [
  question("q1", { asked_at: 3_000, text: "Newest?", upvotes: 1 }),
  question("q2", { asked_at: 2_000, text: "Popular?", upvotes: 9, pushed_to_speakers: true, pushed_at: 2_500 }),
  question("q3", { asked_at: 1_000, text: "Hidden?", hidden: true }),
];

function setup() {
  const request = vi.fn(async (_command: RoomCommand): Promise<RequestOutcome> => ({ ok: true, result: undefined }));
  renderWithI18n(<ModerationQueue questions={QUESTIONS} request={request} />);
  const list = screen.getByTestId("queue-list");
  const items = () => within(list).getAllByTestId("queue-question");
  return { request, list, items };
}

describe("ModerationQueue", () => {
  it("moves through the queue with the arrows and j/k, and runs single-key actions on the focused question", async () => {
    const { request, items } = setup();
    const first = items()[0] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: "j" });
    expect(document.activeElement).toBe(items()[1]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items()[2]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "k" });
    expect(document.activeElement?.getAttribute("data-question")).toBe("q2");

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "p" });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowUp" });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "a" });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    // One action at a time per question: the next key acts once the room answered.
    await vi.waitFor(() => expect(items()[0]?.getAttribute("aria-busy")).toBeNull());
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "h" });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(3));
    expect(request.mock.calls.map(([command]) => command)).toEqual([
      { type: "question.moderate", question_id: "q2", action: { type: "hide_from_speakers" } },
      { type: "question.moderate", question_id: "q1", action: { type: "mark_answered" } },
      { type: "question.moderate", question_id: "q1", action: { type: "hide" } },
    ]);
  });

  it("does not run shortcuts while typing an answer", async () => {
    const { request, items } = setup();
    const first = items()[0] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: "w" });
    const field = await screen.findByRole("textbox", { name: "Answer" });
    fireEvent.keyDown(field, { key: "h" });
    fireEvent.keyDown(field, { key: "a" });
    fireEvent.keyDown(field, { key: "j" });
    expect(request).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: "Yes, at noon." } });
    fireEvent.click(screen.getByTestId("answer-save"));
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith({ type: "question.moderate", question_id: "q1", action: { type: "answer", answer: "Yes, at noon." } }));
  });

  it("filters and sorts the queue, and documents its keys", () => {
    const { items } = setup();
    expect(items().map((item) => item.getAttribute("data-question"))).toEqual(["q1", "q2", "q3"]);
    fireEvent.click(screen.getByTestId("queue-sort-popular"));
    expect(items().map((item) => item.getAttribute("data-question"))).toEqual(["q2", "q1", "q3"]);
    fireEvent.click(screen.getByTestId("queue-filter-hidden"));
    expect(items().map((item) => item.getAttribute("data-question"))).toEqual(["q3"]);
    fireEvent.click(screen.getByTestId("queue-filter-pushed"));
    expect(items().map((item) => item.getAttribute("data-question"))).toEqual(["q2"]);
    fireEvent.click(screen.getByTestId("queue-filter-answered"));
    expect(screen.getByTestId("queue-empty").textContent).toBe("No questions match this filter.");
    expect(screen.getByTestId("queue-keys").textContent).toContain("Hide or unhide");
  });

  it("shows the room's refusal in an alert", async () => {
    const request = vi.fn(async (): Promise<RequestOutcome> => ({ ok: false, code: "question_hidden", message: "Unhide the question first." }));
    renderWithI18n(<ModerationQueue questions={QUESTIONS} request={request} />);
    fireEvent.click(within(screen.getAllByTestId("queue-question")[0] as HTMLElement).getByTestId("action-push"));
    expect((await screen.findByRole("alert")).textContent).toBe("Unhide the question first.");
  });
});

import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { question } from "../webcast-room/interaction-fixtures.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import { AskForm } from "./ask-form.tsx";

afterEach(() => {
  vi.useRealTimers();
});

const ok = async (_command: RoomCommand): Promise<RequestOutcome> => ({ ok: true, result: undefined });

describe("AskForm", () => {
  it("offers to ask anonymously only when the room allows it", () => {
    const { unmount } = renderWithI18n(<AskForm interactions={{ next_ask_at: null, questions: [] }} anonymousAllowed={false} request={ok} />);
    expect(screen.queryByTestId("ask-anonymous")).toBeNull();
    unmount();
    renderWithI18n(<AskForm interactions={{ next_ask_at: null, questions: [] }} anonymousAllowed request={ok} />);
    expect(screen.getByTestId("ask-anonymous")).toBeTruthy();
  });

  it("sends the question, anonymous when chosen", async () => {
    const request = vi.fn(ok);
    renderWithI18n(<AskForm interactions={{ next_ask_at: null, questions: [] }} anonymousAllowed request={request} />);
    fireEvent.change(screen.getByTestId("ask-text"), { target: { value: "When is lunch?" } });
    fireEvent.click(screen.getByTestId("ask-anonymous"));
    fireEvent.click(screen.getByTestId("ask-submit"));
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith({ type: "question.ask", text: "When is lunch?", anonymous: true }));
    expect(await screen.findByText("Your question was sent.")).toBeTruthy();
    expect((screen.getByTestId("ask-text") as HTMLTextAreaElement).value).toBe("");
  });

  it("counts down while the next question must wait, then lets the viewer ask", () => {
    vi.useFakeTimers({ now: 100_000 });
    renderWithI18n(<AskForm interactions={{ next_ask_at: 103_000, questions: [] }} anonymousAllowed={false} request={ok} />);
    fireEvent.change(screen.getByTestId("ask-text"), { target: { value: "Again?" } });
    expect(screen.getByTestId("ask-status").textContent).toBe("3 seconds before you can ask another question.");
    expect((screen.getByTestId("ask-submit") as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId("ask-status").textContent).toBe("1 second before you can ask another question.");
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId("ask-status").textContent).toBe("");
    expect((screen.getByTestId("ask-submit") as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the room's refusal in an alert", async () => {
    const request = vi.fn(async (): Promise<RequestOutcome> => ({ ok: false, code: "anonymous_not_allowed", message: "Anonymous questions are not allowed." }));
    renderWithI18n(<AskForm interactions={{ next_ask_at: null, questions: [] }} anonymousAllowed={false} request={request} />);
    fireEvent.change(screen.getByTestId("ask-text"), { target: { value: "Hello?" } });
    fireEvent.click(screen.getByTestId("ask-submit"));
    expect((await screen.findByRole("alert")).textContent).toBe("Anonymous questions are not allowed.");
  });

  it("lists the questions with upvote buttons, never on the viewer's own", async () => {
    const request = vi.fn(ok);
    renderWithI18n(
      <AskForm
        interactions={{ next_ask_at: null, questions: [question("q1", { mine: true, upvotes: 2 }), question("q2", { upvoted: true, upvotes: 5 }), question("q3")] }}
        anonymousAllowed={false}
        request={request}
      />,
    );
    const buttons = screen.getAllByTestId("question-upvote");
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(buttons[0] as HTMLElement);
    fireEvent.click(buttons[1] as HTMLElement);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request.mock.calls.map(([command]) => command)).toEqual([
      { type: "question.upvote", question_id: "q2", upvoted: false },
      { type: "question.upvote", question_id: "q3", upvoted: true },
    ]);
    expect(screen.getAllByTestId("audience-question")[0]?.textContent).toContain("Your question");
  });
});

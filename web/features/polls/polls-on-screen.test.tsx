import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ViewerPollView } from "../../../domain/polls/live.ts";
import { renderWithI18n } from "../../test/render.tsx";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import { PollsOnScreen } from "./polls-on-screen.tsx";

const view = (id: string, display: "fluid" | "paginated"): ViewerPollView => ({
  poll: { id, series_id: "s-1", title: `Poll ${id}`, description: null, language: "en", multiple_choice: false, display, position: 0, options: [{ id: "o-1", text: "One" }] },
  state: "open",
  ballot: null,
  results: null,
});
const request = async (): Promise<RequestOutcome> => ({ ok: true, result: undefined });

describe("PollsOnScreen", () => {
  it("lists a fluid series one poll under the other", () => {
    renderWithI18n(<PollsOnScreen polls={[view("a", "fluid"), view("b", "fluid")]} request={request} />);
    expect(screen.getAllByTestId("poll-ballot")).toHaveLength(2);
    expect(screen.queryByTestId("polls-pager")).toBeNull();
  });

  it("shows a paginated series one poll at a time, with previous and next", () => {
    renderWithI18n(<PollsOnScreen polls={[view("a", "paginated"), view("b", "paginated"), view("c", "paginated")]} request={request} />);
    expect(screen.getAllByTestId("poll-ballot").map((ballot) => ballot.getAttribute("data-poll"))).toEqual(["a"]);
    expect(screen.getByTestId("polls-position").textContent).toBe("Poll 1 of 3");
    expect((screen.getByTestId("polls-previous") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("polls-next"));
    fireEvent.click(screen.getByTestId("polls-next"));
    expect(screen.getAllByTestId("poll-ballot").map((ballot) => ballot.getAttribute("data-poll"))).toEqual(["c"]);
    expect((screen.getByTestId("polls-next") as HTMLButtonElement).disabled).toBe(true);
  });
});

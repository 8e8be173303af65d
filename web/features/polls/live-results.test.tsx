import { I18nProvider } from "@lingui/react";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { tally } from "../webcast-room/interaction-fixtures.ts";
import { pollActionsFor as actionsFor } from "../../../domain/polls/live.ts";
import { LiveResults, PollBadgeView } from "./live-results.tsx";

describe("LiveResults", () => {
  it("reads each option's percentage, voters and weighted count as text, the recommended one named", () => {
    const view = tally("p1", {}, [3, 1]);
    view.results.options[0] = { ...(view.results.options[0] as (typeof view.results.options)[number]), weight: 4.5 };
    view.results.weight = 5.5;
    renderWithI18n(<LiveResults tally={view} caption="Live results: Lunch?" />);
    const table = screen.getByRole("table", { name: "Live results: Lunch?" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const yes = rows[0] as HTMLElement;
    expect(within(yes).getByRole("rowheader").textContent).toContain("Yes");
    expect(within(yes).getByText("Recommended")).toBeTruthy();
    expect(within(yes).getByTestId("option-percent").textContent).toBe("75 %");
    expect(within(yes).getByTestId("option-voters").textContent).toBe("3");
    expect(within(yes).getByTestId("option-weight").textContent).toBe("4.5");
    const no = rows[1] as HTMLElement;
    expect(within(no).queryByText("Recommended")).toBeNull();
    expect(within(no).getByTestId("option-percent").textContent).toBe("25 %");
    expect(screen.getByTestId("live-results-total").textContent).toContain("4 voters");
    expect(screen.getByTestId("live-results-total").textContent).toContain("5.5");
  });

  it("follows the tally as it changes and says when results are compiling", () => {
    const { rerender } = renderWithI18n(<LiveResults tally={tally("p1", {}, [1, 0])} caption="Live" />);
    expect(screen.getAllByTestId("option-voters").map((cell) => cell.textContent)).toEqual(["1", "0"]);
    rerender(
      <I18nProvider i18n={i18n}>
        <LiveResults tally={tally("p1", { compiling: true, badge: "compiling", status: "closed" }, [2, 2])} caption="Live" />
      </I18nProvider>,
    );
    expect(screen.getAllByTestId("option-voters").map((cell) => cell.textContent)).toEqual(["2", "2"]);
    expect(screen.getAllByTestId("option-percent").map((cell) => cell.textContent)).toEqual(["50 %", "50 %"]);
    expect(screen.getByTestId("live-results-total").textContent).toContain("compiling");
  });

  it("shows the live badge in words", () => {
    renderWithI18n(<PollBadgeView badge="compiling" />);
    expect(screen.getByTestId("poll-badge").textContent).toBe("Compiling results");
  });
});

describe("actionsFor", () => {
  it("offers the SPEC §4 actions that make sense from each status", () => {
    expect(actionsFor("unpublished", false)).toEqual(["publish"]);
    expect(actionsFor("open", true)).toEqual(["close", "show_results", "dismiss"]);
    expect(actionsFor("closed", true)).toEqual(["show_results", "republish", "dismiss"]);
    expect(actionsFor("results", false)).toEqual(["republish"]);
  });
});

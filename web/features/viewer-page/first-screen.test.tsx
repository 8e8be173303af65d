import { msg } from "@lingui/core/macro";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UI_LOCALES } from "../../../domain/i18n/locales.ts";
import { FIRST_SCREEN_DATA_ID, inlineJson } from "../../../domain/viewer-page/first-screen.ts";
import { FIRST_SCREEN_LABELS, FIRST_SCREEN_TITLES } from "../../../domain/viewer-page/first-screen-messages.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { readFirstScreenData } from "./first-screen-data.ts";
import { WEBCAST_ID, publicWebcast } from "./fixtures.ts";
import { renderViewerPage, watchPath } from "./test-support.tsx";

describe("the first screen's data (watch.html)", () => {
  afterEach(() => document.getElementById(FIRST_SCREEN_DATA_ID)?.remove());

  it("reads the worker's JSON block for this webcast only", () => {
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = FIRST_SCREEN_DATA_ID;
    block.textContent = inlineJson(publicWebcast({ title: "</script> & co" }));
    document.head.appendChild(block);
    expect(readFirstScreenData(WEBCAST_ID)?.title).toBe("</script> & co");
    expect(readFirstScreenData("another")).toBeNull();
    block.textContent = "{not json";
    expect(readFirstScreenData(WEBCAST_ID)).toBeNull();
  });

  it("draws the page from it at once (no loading state, the way in already there), then asks the API again", async () => {
    const server = fakeServer({ [`GET ${watchPath}`]: () => json({ data: publicWebcast({ title: "Annual meeting (updated)" }) }) });
    renderViewerPage({ initialWebcast: publicWebcast() });
    expect(screen.queryByTestId("viewer-loading")).toBeNull();
    expect(screen.queryByTestId("viewer-checking")).toBeNull();
    expect(screen.getByTestId("page-title").textContent).toBe("Annual meeting");
    expect(screen.getByTestId("viewer-access")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("page-title").textContent).toBe("Annual meeting (updated)"));
    expect(server.calls.some((call) => call.url.endsWith(watchPath))).toBe(true);
  });

  it("keeps drawing it when the API cannot be reached", async () => {
    fakeServer({ [`GET ${watchPath}`]: () => Promise.reject(new TypeError("Failed to fetch")) });
    renderViewerPage({ initialWebcast: publicWebcast() });
    await waitFor(() => expect(screen.queryByTestId("viewer-load-error")).toBeNull());
    expect(screen.getByTestId("page-title").textContent).toBe("Annual meeting");
  });
});

describe("the worker's first-screen words", () => {
  afterEach(() => activateLocale("en"));

  it("are the catalogs' own, in every language", async () => {
    for (const locale of UI_LOCALES) {
      await activateLocale(locale);
      expect(FIRST_SCREEN_TITLES.not_started[locale]).toBe(i18n._(msg`Coming up`));
      expect(FIRST_SCREEN_TITLES.starting_soon[locale]).toBe(i18n._(msg`Starting soon`));
      expect(FIRST_SCREEN_TITLES.starting_now[locale]).toBe(i18n._(msg`Starting any moment`));
      expect(FIRST_SCREEN_TITLES.live[locale]).toBe(i18n._(msg`Live now`));
      expect(FIRST_SCREEN_TITLES.premiering[locale]).toBe(i18n._(msg`Premiering now`));
      expect(FIRST_SCREEN_TITLES.ended[locale]).toBe(i18n._(msg`The webcast has ended`));
      expect(FIRST_SCREEN_TITLES.canceled[locale]).toBe(i18n._(msg`The webcast has been canceled`));
      expect(FIRST_SCREEN_TITLES.replay_pending[locale]).toBe(i18n._(msg`The replay is being prepared`));
      expect(FIRST_SCREEN_TITLES.replay_available[locale]).toBe(i18n._(msg`Replay available`));
      expect(FIRST_SCREEN_TITLES.replay_expired[locale]).toBe(i18n._(msg`The replay has expired`));
      expect(FIRST_SCREEN_LABELS.starts[locale]).toBe(i18n._(msg`Starts`));
      expect(FIRST_SCREEN_LABELS.about[locale]).toBe(i18n._(msg`About this webcast`));
    }
  });
});

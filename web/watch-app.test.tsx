import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeServer } from "./api/fake-server.ts";
import { renderWithI18n } from "./test/render.tsx";
import { WatchApp, watchAddress, withoutToken } from "./watch-app.tsx";

describe("watch.html's address", () => {
  it("reads the webcast and the tokens", () => {
    expect(watchAddress({ pathname: "/w/abc", search: "?invite=tok&lang=fr" })).toEqual({ webcastId: "abc", magic: undefined, invite: "tok" });
    expect(watchAddress({ pathname: "/w/abc/", search: "?magic=m" })).toEqual({ webcastId: "abc", magic: "m", invite: undefined });
    expect(watchAddress({ pathname: "/watch", search: "" })).toBeNull();
    expect(watchAddress({ pathname: "/w/abc/more", search: "" })).toBeNull();
  });

  it("drops a used token and keeps the rest", () => {
    expect(withoutToken("https://igo.test/w/abc?invite=tok&lang=fr#room", "invite")).toBe("/w/abc?lang=fr#room");
    expect(withoutToken("https://igo.test/w/abc?magic=m", "magic")).toBe("/w/abc");
  });
});

describe("WatchApp", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
  });

  it("renders the viewer page in a main landmark, without the app's router", async () => {
    fakeServer({});
    window.history.replaceState(null, "", "/w/abc");
    renderWithI18n(<WatchApp address={{ webcastId: "abc" }} />);
    // An unknown webcast: the page's own answer, inside the page's main landmark.
    const notFound = await screen.findByTestId("viewer-not-found");
    expect(screen.getByRole("main").contains(notFound)).toBe(true);
  });
});

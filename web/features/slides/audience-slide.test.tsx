import { I18nProvider } from "@lingui/react";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SceneLayout } from "../../../domain/webcast-room/live-state.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { i18n } from "../../i18n/i18n.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { AudienceSlide } from "./audience-slide.tsx";
import { deckRow } from "./testing.ts";
import { AUDIENCE_RECHECK_MS } from "./use-deck.ts";

const pdf = vi.hoisted(() => {
  const opened = new Map<string, unknown>();
  return {
    opened,
    openedDeck: vi.fn((key: string) => opened.get(key)),
    deckDocument: vi.fn(async (key: string, _url: string): Promise<unknown> => {
      const document = { numPages: 12 };
      opened.set(key, document);
      return document;
    }),
    renderPage: vi.fn(async () => 0.5625),
    cancelRender: vi.fn(),
  };
});
vi.mock("./pdf-document.ts", () => pdf);

const UID = "01900000-0000-7000-8000-0000000000c1";
const TOKEN = "room.token";

beforeEach(() => {
  pdf.opened.clear();
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve(answers: (() => unknown)[]) {
  let call = 0;
  return fakeServer({
    [`GET /api/webcasts/${UID}/slides`]: () => {
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return json({ data: answer?.() ?? null });
    },
  });
}

const approved = () => ({ ...deckRow(UID, { id: "01900000-0000-7000-8000-0000000000d1", approved: true, updated_at: "2026-05-01T10:00:00.000Z" }), file_url: "/api/files/abc.def" });
const view = (index: number, layout: SceneLayout = "video-presentation") => <AudienceSlide uid={UID} token={TOKEN} index={index} layout={layout} />;

describe("AudienceSlide (/live/$uid)", () => {
  it("asks with the page's room token and shows the room's slide of the approved deck", async () => {
    const server = serve([approved]);
    renderWithI18n(view(4));
    expect(await screen.findByRole("img", { name: "Slide 5 of 12" })).toBeTruthy();
    expect(server.calls.map((call) => new URL(call.url, "http://x").searchParams.get("token"))).toEqual([TOKEN]);
    expect(pdf.deckDocument).toHaveBeenCalledWith("01900000-0000-7000-8000-0000000000d1:2026-05-01T10:00:00.000Z", "/api/files/abc.def");
  });

  it("shows nothing without an approved deck, nor in a video-only scene", async () => {
    const server = serve([() => null]);
    const { container, rerender } = renderWithI18n(view(0));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(container.textContent).toBe("");
    serve([approved]);
    rerender(<I18nProvider i18n={i18n}>{view(0, "video-only")}</I18nProvider>);
    expect(screen.queryByTestId("live-slide")).toBeNull();
  });

  it("asks again when the slide changes, at most every 15 s: a deck approved during the show appears", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve([() => null, approved]);
    const { rerender } = renderWithI18n(view(0));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    rerender(<I18nProvider i18n={i18n}>{view(1)}</I18nProvider>);
    rerender(<I18nProvider i18n={i18n}>{view(2)}</I18nProvider>);
    expect(server.calls).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(AUDIENCE_RECHECK_MS));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(await screen.findByRole("img", { name: "Slide 3 of 12" })).toBeTruthy();
  });
});

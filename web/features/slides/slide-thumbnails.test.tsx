import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "@lingui/react";
import { i18n } from "../../i18n/i18n.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { SlideCanvas } from "./slide-canvas.tsx";
import { SlideThumbnails, THUMBNAIL_WIDTH } from "./slide-thumbnails.tsx";
import { fakeDocument } from "./testing.ts";

const pdf = vi.hoisted(() => ({
  renderPage: vi.fn(async (..._args: unknown[]): Promise<number | null> => 0.5625),
  cancelRender: vi.fn(),
}));
vi.mock("./pdf-document.ts", () => pdf);

/** An IntersectionObserver the test drives: `show(page)` brings that thumbnail into view. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(private readonly callback: (entries: IntersectionObserverEntry[]) => void) {
    FakeIntersectionObserver.current = this;
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  show(targets: Element[]) {
    const entries = targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries);
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pdf.renderPage.mockClear();
  pdf.cancelRender.mockClear();
});

const thumbnails = () => screen.getAllByTestId("slide-thumbnail");
const focused = () => document.activeElement?.getAttribute("aria-label");

describe("SlideThumbnails", () => {
  it("names every page, marks the current one, and keeps one tab stop on it", () => {
    renderWithI18n(<SlideThumbnails document={fakeDocument(5)} pageCount={5} current={2} onGo={() => {}} />);
    expect(screen.getByRole("list", { name: "All slides" })).toBeTruthy();
    expect(thumbnails().map((button) => button.getAttribute("aria-label"))).toEqual(["Go to slide 1", "Go to slide 2", "Go to slide 3", "Go to slide 4", "Go to slide 5"]);
    expect(thumbnails().map((button) => button.getAttribute("aria-current"))).toEqual([null, null, "true", null, null]);
    expect(thumbnails().map((button) => button.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
  });

  it("moves the focus with the arrow keys, Home and End (taken from the room's slide keys), and asks to go there with Enter or a click", async () => {
    const onGo = vi.fn();
    const outside = vi.fn();
    document.addEventListener("keydown", outside);
    renderWithI18n(<SlideThumbnails document={fakeDocument(4)} pageCount={4} current={0} onGo={onGo} />);
    thumbnails()[0]?.focus();
    fireEvent.keyDown(thumbnails()[0] as HTMLElement, { key: "ArrowRight" });
    expect(focused()).toBe("Go to slide 2");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    expect(focused()).toBe("Go to slide 3");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowLeft" });
    expect(focused()).toBe("Go to slide 2");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "End" });
    expect(focused()).toBe("Go to slide 4");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowRight" });
    expect(focused()).toBe("Go to slide 4");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Home" });
    expect(focused()).toBe("Go to slide 1");
    expect(thumbnails().map((button) => button.tabIndex)).toEqual([0, -1, -1, -1]);
    // The control room's shortcuts see these keys as handled (defaultPrevented).
    expect(outside.mock.calls.every(([event]) => (event as KeyboardEvent).defaultPrevented)).toBe(true);
    document.removeEventListener("keydown", outside);
    // Moving the focus asks nothing; choosing does.
    expect(onGo).not.toHaveBeenCalled();
    fireEvent.click(thumbnails()[2] as HTMLElement);
    expect(onGo).toHaveBeenCalledWith(2);
  });

  it("draws a page only once it comes into view, at the thumbnail width, and once", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const document = fakeDocument(30);
    await act(async () => void renderWithI18n(<SlideThumbnails document={document} pageCount={30} current={0} onGo={() => {}} />));
    const observer = FakeIntersectionObserver.current;
    expect(observer?.observed.size).toBe(30);
    expect(pdf.renderPage).not.toHaveBeenCalled();
    const canvases = thumbnails().map((button) => button.querySelector("canvas") as HTMLCanvasElement);
    await act(async () => observer?.show(canvases.slice(0, 3)));
    await act(async () => observer?.show(canvases.slice(1, 4)));
    const drawn = pdf.renderPage.mock.calls.map(([doc, page, , width]) => [doc === document, page, width]);
    expect(drawn).toEqual([1, 2, 3, 4].map((page) => [true, page, THUMBNAIL_WIDTH]));
  });

  it("follows the room: the tab stop moves to the new current slide", () => {
    const document = fakeDocument(3);
    const { rerender } = renderWithI18n(<SlideThumbnails document={document} pageCount={3} current={0} onGo={() => {}} />);
    rerender(
      <I18nProvider i18n={i18n}>
        <SlideThumbnails document={document} pageCount={3} current={1} onGo={() => {}} />
      </I18nProvider>,
    );
    expect(thumbnails().map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
    expect(thumbnails()[1]?.getAttribute("aria-current")).toBe("true");
  });
});

describe("SlideCanvas", () => {
  it("is one image named after its page, and cancels its drawing when it goes", () => {
    const { unmount } = renderWithI18n(<SlideCanvas document={fakeDocument(12)} page={3} pageCount={12} />);
    expect(screen.getByRole("img", { name: "Slide 3 of 12" })).toBeTruthy();
    unmount();
    expect(pdf.cancelRender).toHaveBeenCalledTimes(2);
  });
});

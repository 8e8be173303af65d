import { act } from "@testing-library/react";
import { PROTOCOL_VERSION, type ServerMessage, encodeFrame } from "../../../domain/protocol/index.ts";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import { json } from "../../api/fake-server.ts";
import { renderWithI18n } from "../../test/render.tsx";
import type { RoomSocket, RoomSocketFactory } from "../webcast-room/room-client.ts";
import { WEBCAST_ID } from "./fixtures.ts";
import { ViewerPage, type ViewerPageProps } from "./viewer-page.tsx";

/** A room socket that never opens: the test only sees which URL (token) the room was asked with. */
export function recordingSockets(): { urls: string[]; factory: RoomSocketFactory } {
  const urls: string[] = [];
  const socket: RoomSocket = { send() {}, close() {}, reconnect() {}, addEventListener() {} };
  return { urls, factory: (url) => (urls.push(url), socket) };
}

/** A room socket the test drives: it opens and receives the room's frames on demand. */
export function drivenSocket() {
  const listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  const emit = (type: string, data?: unknown) => {
    for (const listener of listeners.get(type) ?? []) listener({ data });
  };
  const urls: string[] = [];
  const socket: RoomSocket = {
    send() {},
    close() {},
    reconnect() {},
    addEventListener(type: string, listener: (event: { data: unknown }) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  return {
    urls,
    factory: ((url: string) => (urls.push(url), socket)) satisfies RoomSocketFactory,
    open: () => act(async () => emit("open")),
    receive: (message: ServerMessage) => act(async () => emit("message", encodeFrame(message))),
    welcome: (snapshot: Extract<ServerMessage, { type: "welcome" }>["snapshot"]) =>
      act(async () => emit("message", encodeFrame({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c", role: "viewer", seq: 1, snapshot, missed: [] }))),
  };
}

export const watchPath = `/api/watch/${WEBCAST_ID}`;

/** The GET /api/watch/{id} route of a fake server answering `webcast`. */
export function watchRoute(webcast: PublicWebcast | (() => PublicWebcast)) {
  return { [`GET ${watchPath}`]: () => json({ data: typeof webcast === "function" ? webcast() : webcast }) };
}

export function renderViewerPage(props: Partial<ViewerPageProps> = {}) {
  const onTokenUsed = props.onTokenUsed ?? (() => undefined);
  return renderWithI18n(<ViewerPage webcastId={WEBCAST_ID} onTokenUsed={onTokenUsed} socketFactory={recordingSockets().factory} {...props} />);
}

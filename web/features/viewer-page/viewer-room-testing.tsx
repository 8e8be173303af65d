import { I18nProvider } from "@lingui/react";
import { act } from "@testing-library/react";
import type { ClientMessage } from "../../../domain/protocol/client-messages.ts";
import { PROTOCOL_VERSION, type ServerMessage, encodeFrame } from "../../../domain/protocol/index.ts";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";
import { i18n } from "../../i18n/i18n.ts";
import { renderWithI18n } from "../../test/render.tsx";
import type { RoomSocket } from "../webcast-room/room-client.ts";
import { publicWebcast } from "./fixtures.ts";
import ViewerRoom, { type ViewerRoomProps } from "./viewer-room.tsx";
import type { StageProps } from "./viewer-stage.tsx";

/**
 * Test helpers of the viewer room: a room socket the test drives like a network (it drops, comes
 * back, and only what is written while connected reaches the room), and a stage standing in for
 * the player that reports the media time the test says.
 */
export function roomWire() {
  const listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  const emit = (type: string, data?: unknown) => {
    for (const listener of listeners.get(type) ?? []) listener({ data });
  };
  const wire = {
    urls: [] as string[],
    nextUrls: [] as (() => Promise<string>)[],
    /** Every frame that reached the room, in order. */
    received: [] as ClientMessage[],
    connected: false,
    socket: {
      send(data: string) {
        if (wire.connected) wire.received.push(JSON.parse(data) as ClientMessage);
      },
      close() {
        wire.connected = false;
      },
      reconnect() {},
      addEventListener(type: string, listener: (event: { data: unknown }) => void) {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
    } satisfies RoomSocket,
    factory: (url: string, nextUrl?: () => Promise<string>) => {
      wire.urls.push(url);
      if (nextUrl) wire.nextUrls.push(nextUrl);
      return wire.socket;
    },
    open: () =>
      act(async () => {
        wire.connected = true;
        emit("open");
      }),
    /** The network goes down: the socket closes (and nothing written reaches the room). */
    drop: () =>
      act(async () => {
        wire.connected = false;
        emit("close");
      }),
    receive: (message: ServerMessage) => act(async () => emit("message", encodeFrame(message))),
    welcome: (seq: number, snapshot: VisibleLiveState | null, missed: Extract<ServerMessage, { type: "welcome" }>["missed"] = []) =>
      wire.receive({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c", role: "viewer", seq, snapshot, missed }),
    commands: () => wire.received.filter((message): message is Extract<ClientMessage, { type: "command" }> => message.type === "command"),
  };
  return wire;
}

/** A stage that plays nothing and reports the media time the test sets (`report`). */
export function fakeStage() {
  const seen: { props: StageProps | null } = { props: null };
  function Stage(props: StageProps) {
    seen.props = props;
    return <div data-testid="fake-stage" />;
  }
  return {
    Stage,
    seen,
    report: (ms: number | null) => act(async () => seen.props?.onMediaTime(ms)),
  };
}

export function renderViewerRoom(props: Partial<ViewerRoomProps> & Pick<ViewerRoomProps, "socketFactory">) {
  const { webcast = publicWebcast({ state: "live" }), token = "rt-1", viewerId = "viewer-1", ...rest } = props;
  const element = (more: Partial<ViewerRoomProps> = {}) => <ViewerRoom webcast={webcast} token={token} viewerId={viewerId} {...rest} {...more} />;
  const view = renderWithI18n(element());
  return { ...view, rerenderWith: (more: Partial<ViewerRoomProps>) => view.rerender(<I18nProvider i18n={i18n}>{element(more)}</I18nProvider>) };
}

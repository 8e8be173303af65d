import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { canForWebcast, permissionWebcast } from "../../../domain/permissions/can.ts";
import { PRODUCER_PERMISSIONS } from "../../../domain/permissions/permissions.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import { roomCan } from "../../../domain/webcast-room/actor.ts";
import { type RoomCommand, type RoomCommandType, isInteractionCommand } from "../../../domain/webcast-room/commands.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { toast } from "../../ui/toast.ts";
import { useTablist } from "../../ui/use-tablist.ts";
import { QuickTour } from "../quick-tour/quick-tour.tsx";
import { CONTROL_ROOM_TOUR_STEPS } from "../quick-tour/steps.ts";
import { startQuickTour } from "../quick-tour/store.ts";
import { useCurrentUser } from "../session/store.ts";
import { useDeckRow } from "../slides/use-deck.ts";
import { useLocalWebcast } from "../webcasts/use-local-webcasts.ts";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { WebcastMissing } from "../webcasts/webcast-status.tsx";
import { ConnectionIndicator } from "./connection-indicator.tsx";
import { ControlRoomPanel } from "./control-room-panel.tsx";
import { ShortcutKeys } from "./go-live-tab.tsx";
import { COMMAND_LABELS, TAB_LABELS, phaseLabel } from "./labels.ts";
import { type KeyValueStorage, storedPendingCommands } from "./pending-store.ts";
import { PremiereWaitingBadge } from "./premiere-waiting.tsx";
import { RoomClient, type RoomSocketFactory } from "./room-client.ts";
import { canStart, confirmStart } from "./room-actions.ts";
import type { RoomEffect } from "./room-state.ts";
import { CONTROL_ROOM_TABS, type ControlRoomTab } from "./tabs.ts";
import { useRoomShortcuts } from "./use-room-shortcuts.ts";

/** commands.ts: `slide.set` takes 0…9,999. */
const MAX_SLIDE_INDEX = 9_999;
import "../organizations/management.css";
import "../webcasts/webcasts.css";
import "./control-room.css";
import { ReloadRequired } from "./reload-required.tsx";

export interface ControlRoomPageProps {
  uid: string;
  tab: ControlRoomTab | undefined;
  onTabChange(tab: ControlRoomTab): void;
  /** Tests inject a fake transport; the browser uses partysocket. */
  socketFactory?: RoomSocketFactory;
  /** Where pending commands outlive the page (default localStorage); tests inject their own. */
  pendingStorage?: KeyValueStorage;
}

/**
 * /webcasts/{uid}/control-room (SPEC §2, full screen): the producer runs the show through the
 * webcast's room (room-client.ts); speakers follow it read-only. The webcast and its speakers come
 * from the device; the live state from the room.
 */
export function ControlRoomPage(props: ControlRoomPageProps) {
  const webcast = useLocalWebcast(props.uid);
  const speakers = useWebcastParts("webcast_speakers", props.uid, byPosition);
  if (webcast === undefined || speakers === undefined) {
    return (
      <div className="page">
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (webcast === null) return <WebcastMissing />;
  return <ControlRoom {...props} webcast={webcast} speakers={speakers.rows} />;
}

interface RoomClientSetup {
  uid: string;
  /** Null: nobody the room lets in (no client). */
  userId: number | null;
  socketFactory: RoomSocketFactory | undefined;
  pendingStorage: KeyValueStorage | undefined;
  onNotice(effect: Extract<RoomEffect, { type: "refused" | "error" | "acked" }>): void;
}

/**
 * One room client per webcast while mounted (and only for someone the room may let in), its
 * pending commands kept on the device per user and webcast (pending-store.ts).
 */
function useRoomClient({ uid, userId, socketFactory, pendingStorage, onNotice }: RoomClientSetup) {
  const notice = useRef(onNotice);
  notice.current = onNotice;
  const [client, setClient] = useState<RoomClient | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const pendingStore = storedPendingCommands({ userId, uid, ...(pendingStorage ? { storage: pendingStorage } : {}) });
    const created = new RoomClient({ uid, pendingStore, ...(socketFactory ? { socketFactory } : {}), onNotice: (effect) => notice.current(effect) });
    created.start();
    setClient(created);
    return () => created.stop();
  }, [uid, userId, socketFactory, pendingStorage]);
  return client;
}

interface ControlRoomProps extends ControlRoomPageProps {
  webcast: WebcastRow;
  speakers: readonly WebcastSpeakerRow[];
}

function ControlRoom({ webcast, speakers, tab: requestedTab, onTabChange, socketFactory, pendingStorage }: ControlRoomProps) {
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const onNotice = useCallback(
    (effect: Extract<RoomEffect, { type: "refused" | "error" | "acked" }>) => {
      // Interaction commands are answered where they were made (request()): no toast twice.
      if (effect.type === "refused" && effect.command && isInteractionCommand(effect.command)) return;
      if (effect.type === "refused") toast.error(effect.command ? t`${i18n._(COMMAND_LABELS[effect.command.type])}: ${effect.message}` : effect.message);
      else if (effect.type === "error") toast.error(effect.message);
    },
    [t, i18n],
  );
  // The same rule the room applies (domain/webcast-room/actor.ts), for buttons only: the room decides.
  const subject = permissionWebcast(webcast, speakers);
  const grants = [...PRODUCER_PERMISSIONS].filter((permission) => canForWebcast(user, permission, subject));
  const speaks = user !== null && speakers.some((speaker) => speaker.user_id === user.id);
  const allowed = grants.includes("control_room.manage") || speaks;
  const client = useRoomClient({ uid: webcast.id, userId: allowed && user ? user.id : null, socketFactory, pendingStorage, onNotice });
  if (!allowed) {
    return (
      <div className="page" data-testid="control-room-forbidden">
        <PageTitle>{webcast.event_title}</PageTitle>
        <p>
          <Trans>Only the webcast's producer, its organizers and its speakers can open its control room.</Trans>
        </p>
        <p>
          <Link to="/webcasts/$uid/dashboard" params={{ uid: webcast.id }}>
            <Trans>Back to the dashboard</Trans>
          </Link>
        </p>
      </div>
    );
  }
  if (!client) return null;
  // Rescheduling changes the webcast itself (`updateWebcast` on the server): organizers, not producer speakers.
  const mayEditWebcast = canForWebcast(user, "webcasts.update", subject);
  return <Room client={client} webcast={webcast} speakers={speakers} grants={grants} mayEditWebcast={mayEditWebcast} requestedTab={requestedTab} onTabChange={onTabChange} />;
}

interface RoomProps {
  client: RoomClient;
  webcast: WebcastRow;
  speakers: readonly WebcastSpeakerRow[];
  grants: Parameters<typeof roomCan>[0]["grants"];
  mayEditWebcast: boolean;
  requestedTab: ControlRoomTab | undefined;
  onTabChange(tab: ControlRoomTab): void;
}

function Room({ client, webcast, speakers, grants, mayEditWebcast, requestedTab, onTabChange }: RoomProps) {
  const { t, i18n } = useLingui();
  const room = useSnapshot(client.store);
  // The snapshot subscribes; the values are the store's own (replaced whole on every change, never proxied).
  const live = room.live ? client.store.live : null;
  const pending = client.store.pending;
  // Speakers (and viewers) follow: only a producer's socket may command, whatever the device thinks.
  const readOnly = room.role !== null && room.role !== "producer";
  const may = (type: RoomCommandType) => !readOnly && roomCan({ grants }, type);
  const send = (command: RoomCommand) => void client.send(command);
  const request = (command: RoomCommand) => client.request(command);
  const pendingTypes = new Set(pending.map((item) => item.command.type));

  // The slide asked for last: quick presses move on from it, not from the room's (still older) one.
  const lastSlide = pending.findLast((item) => item.command.type === "slide.set")?.command;
  const targetSlide = lastSlide?.type === "slide.set" ? lastSlide.index : (live?.current_slide_index ?? 0);
  // With a deck, its last page is the last slide (the keys stop there as the button does).
  const deck = useDeckRow(webcast.id);
  const lastIndex = deck ? deck.page_count - 1 : MAX_SLIDE_INDEX;
  const slides = {
    previousSlide: () => {
      if (may("slide.set") && targetSlide > 0) send({ type: "slide.set", index: targetSlide - 1 });
    },
    nextSlide: () => {
      if (may("slide.set") && targetSlide < lastIndex) send({ type: "slide.set", index: targetSlide + 1 });
    },
    goToSlide: (index: number) => {
      if (may("slide.set") && Number.isInteger(index) && index >= 0 && index <= lastIndex && index !== targetSlide) send({ type: "slide.set", index });
    },
  };
  useRoomShortcuts(
    {
      ...slides,
      goLive: () => {
        const live = client.store.live;
        if (!live || !may("control.start")) return;
        if (canStart(live)) void confirmStart(i18n, send);
        else toast.info(t`The broadcast cannot start now: the webcast is not ready (stage: ${i18n._(phaseLabel(live))}).`);
      },
    },
    room.live !== null && !room.reloadRequired,
  );

  // SPEC §6 "speakers may see stats if allowed": the stats tab says so when they may not (people-tabs.tsx).
  const tabs = CONTROL_ROOM_TABS;
  const tab = requestedTab && tabs.includes(requestedTab) ? requestedTab : "prepare";
  const restoredWaiting = room.restored.filter((id) => pending.some((item) => item.id === id)).length;
  const { onKeyDown, tabProps, panelProps } = useTablist(tabs, tab, onTabChange);

  return (
    <div className="control-room" data-testid="control-room" data-role={room.role ?? "unknown"}>
      <header className="control-room__header">
        <p className="back-link">
          <Link to="/webcasts/$uid/dashboard" params={{ uid: webcast.id }}>
            <Trans>Dashboard</Trans>
          </Link>
        </p>
        <div className="control-room__heading">
          <PageTitle>{webcast.event_title}</PageTitle>
          <p className="muted">
            <Trans>Control room</Trans>
          </p>
        </div>
        <div className="control-room__status">
          <p className="control-room__stage" role="status" aria-live="polite" data-tour="room-stage" data-testid="room-stage">
            {room.live ? (
              <>
                <span className="badge" data-phase={room.live.phase}>
                  {i18n._(phaseLabel(room.live))}
                </span>
                <PremiereWaitingBadge live={room.live} />
              </>
            ) : (
              <span className="muted">
                <Trans>Waiting for the room…</Trans>
              </span>
            )}
          </p>
          <ConnectionIndicator status={room.status} welcomedOnce={room.welcomedOnce} pending={room.pending.length} />
          <details className="control-room__shortcuts" data-tour="room-shortcuts">
            <summary>
              <Trans>Keyboard shortcuts</Trans>
            </summary>
            <ShortcutKeys />
          </details>
          <button type="button" className="button" onClick={() => startQuickTour("control-room")} data-testid="room-tour-start">
            <Trans>Quick tour</Trans>
          </button>
        </div>
      </header>
      {room.reloadRequired ? (
        <ReloadRequired className="control-room__callout" testId="room-reload" />
      ) : null}
      {restoredWaiting > 0 ? (
        <p className="control-room__callout" role="status" data-testid="room-restored">
          <Plural
            value={restoredWaiting}
            one="# change made before this page was last closed still waits for the room's answer: it is sent again once the room is connected."
            other="# changes made before this page was last closed still wait for the room's answer: they are sent again once the room is connected."
          />
        </p>
      ) : null}
      {readOnly ? (
        <p className="control-room__callout" data-testid="room-readonly">
          <Trans>You follow the control room: only the producer runs it.</Trans>
        </p>
      ) : null}
      <div role="tablist" aria-label={t`Control room sections`} className="tabs control-room__tabs" onKeyDown={onKeyDown} data-tour="room-tabs">
        {tabs.map((name) => (
          <button key={name} {...tabProps(name)} data-testid={`room-tab-${name}`}>
            {i18n._(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      {tabs.map((name) => (
        <div key={name} {...panelProps(name)} data-testid={`room-panel-${name}`}>
          {name === tab ? (
            live ? (
              <ControlRoomPanel
                name={name}
                webcast={webcast}
                speakers={speakers}
                live={live}
                role={room.role}
                connected={room.status === "open"}
                mayEditWebcast={!readOnly && mayEditWebcast}
                may={may}
                send={send}
                pendingTypes={pendingTypes}
                interactions={room.interactions ? client.store.interactions : null}
                request={request}
                addOlderChat={(messages, more) => client.addOlderChat(messages, more)}
                targetSlide={targetSlide}
                {...slides}
              />
            ) : (
              <p className="muted" aria-busy="true">
                <Trans>Connecting to the webcast room…</Trans>
              </p>
            )
          ) : null}
        </div>
      ))}
      <QuickTour steps={CONTROL_ROOM_TOUR_STEPS} tour="control-room" />
    </div>
  );
}

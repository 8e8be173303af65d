import { type ComponentType, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import type { RoomPhase } from "../../../domain/webcast-room/live-state.ts";
import { OnScreenQuestions } from "../questions/question-wall.tsx";
import { AudienceSlide } from "../slides/audience-slide.tsx";
import { ConnectionIndicator } from "../webcast-room/connection-indicator.tsx";
import { fetchOlderChat } from "../webcast-room/interaction-api.ts";
import { InteractionOutbox, outboxItems } from "../webcast-room/interaction-outbox.ts";
import { InteractionPanel } from "../webcast-room/interaction-panel.tsx";
import { MediaGatedScreen, withOwnBallots } from "../webcast-room/media-gated-screen.ts";
import { type KeyValueStorage, storedPendingCommands, tabStorage } from "../webcast-room/pending-store.ts";
import { RoomClient, type RoomSocketFactory } from "../webcast-room/room-client.ts";
import { readPass } from "./pass-store.ts";
import { ViewerResources } from "./viewer-resources.tsx";
import { type StageProps, ViewerStage } from "./viewer-stage.tsx";
import { ReloadRequired } from "../webcast-room/reload-required.tsx";

export interface ViewerRoomProps {
  webcast: PublicWebcast;
  /** The freshest room token (renewed by the page before it expires). */
  token: string;
  /** Told of the room's phase, so the page fetches its state again when the show starts or ends. */
  onPhase?(phase: RoomPhase): void;
  socketFactory?: RoomSocketFactory;
  /** Who watches (the queue on this device is theirs); default the stored pass's viewer. */
  viewerId?: string;
  /** Where questions and messages typed offline wait; default this tab's sessionStorage. */
  pendingStorage?: KeyValueStorage;
  /** The stage (the player); tests pass a stand-in that reports its own media time. */
  Stage?: ComponentType<StageProps>;
  /** The device's clock (epoch ms); tests pass their own. */
  now?(): number;
}

interface Connected {
  client: RoomClient;
  screen: MediaGatedScreen;
  outbox: InteractionOutbox;
}

/**
 * The viewer's side of the webcast room on /w/{id} (issue #19): the player, the slide, the polls
 * on screen, questions (only with the attendee option `ask_questions`), chat, and the resources
 * (only with `view_resources`, read over HTTP with the room token: viewer-resources.tsx).
 *
 * - One room client for the page's life: it reads the room token at each (re)connection from the
 *   latest the page holds, so a renewed token never makes a new client (nor loses its queue).
 * - The slide, the scene, the polls on screen and the poster overlay are shown in step with the
 *   viewer's own picture (media-gated-screen.ts): the player's media time opens the gate.
 * - Questions and chat messages typed offline wait in the client's queue, kept in this tab's
 *   sessionStorage, shown as waiting for the network, and are sent once (by id) when the room is
 *   reached again.
 */
export default function ViewerRoom({ webcast, token, onPhase, socketFactory, viewerId, pendingStorage, Stage = ViewerStage, now }: ViewerRoomProps) {
  const uid = webcast.id;
  const latest = useRef(token);
  latest.current = token;
  const clock = useRef(now);
  clock.current = now;
  const [connected, setConnected] = useState<Connected | null>(null);

  useEffect(() => {
    const outbox = new InteractionOutbox();
    const owner = `viewer:${viewerId ?? readPass(uid)?.viewer.id ?? "guest"}`;
    const pendingStore = storedPendingCommands({ userId: owner, uid, storage: pendingStorage ?? tabStorage() });
    const deviceNow = () => (clock.current ? clock.current() : Date.now());
    const client = new RoomClient({
      uid,
      token: () => latest.current,
      pendingStore,
      onNotice: (effect) => outbox.settled(effect),
      now: deviceNow,
      ...(socketFactory ? { socketFactory } : {}),
    });
    const screen = new MediaGatedScreen(client, { now: deviceNow });
    client.start();
    setConnected({ client, screen, outbox });
    return () => {
      screen.dispose();
      outbox.dispose();
      client.stop();
    };
  }, [uid, socketFactory, viewerId, pendingStorage]);

  if (!connected) return null;
  return <Room {...connected} webcast={webcast} token={token} tokenOf={() => latest.current} onPhase={onPhase} Stage={Stage} />;
}

interface RoomProps extends Connected {
  webcast: PublicWebcast;
  token: string;
  tokenOf(): string;
  onPhase: ((phase: RoomPhase) => void) | undefined;
  Stage: ComponentType<StageProps>;
}

function Room({ client, screen, outbox, webcast, token, tokenOf, onPhase, Stage }: RoomProps) {
  const uid = webcast.id;
  const room = useSnapshot(client.store);
  const gated = useSnapshot(screen.store);
  const sent = useSnapshot(outbox.store);
  const interactions = room.interactions ? client.store.interactions : null;
  const live = room.live ? client.store.live : null;
  const shown = gated.screen ? screen.store.screen : null;
  const phase = live?.phase;

  useEffect(() => {
    if (phase) onPhase?.(phase);
  }, [phase, onPhase]);

  const request = (command: Parameters<RoomClient["request"]>[0]) => client.request(command);
  const outboxList = outboxItems(client.store.pending, room.status, sent.sent.length > 0 ? outbox.store.sent : []);
  return (
    <div className="viewer-page__room" data-testid="viewer-room" data-waiting-changes={gated.waiting}>
      <Stage
        webcastId={uid}
        token={tokenOf}
        liveSince={live ? live.live_since : undefined}
        phase={phase}
        posterOverlay={shown?.poster_overlay}
        serverNow={() => screen.roomNow()}
        onMediaTime={(ms) => screen.setMediaTime(ms)}
      />
      <ConnectionIndicator status={room.status} welcomedOnce={room.welcomedOnce} pending={room.pending.length} />
      {room.reloadRequired ? (
        <ReloadRequired className="form-alert" />
      ) : null}
      {shown ? <AudienceSlide uid={uid} token={token} index={shown.current_slide_index} layout={shown.current_scene_layout} /> : null}
      {/* The producer's question wall toggle, when the viewer's picture reaches it. */}
      {shown?.question_wall && interactions ? <OnScreenQuestions questions={interactions.questions} /> : null}
      <InteractionPanel
        interactions={interactions}
        anonymousAllowed={live?.anonymous_questions ?? webcast.anonymous_questions}
        request={request}
        canModerate={false}
        failed={room.status === "closed"}
        loadOlderChat={(before) => fetchOlderChat(uid, before, tokenOf(), { globalErrors: false })}
        onOlderChat={(messages, more) => client.addOlderChat(messages, more)}
        askQuestions={webcast.attendee_options.ask_questions}
        hideEmptyPolls
        headingLevel={3}
        outbox={outboxList}
        {...(shown && interactions ? { polls: withOwnBallots(shown.polls_on_screen, interactions.ballots) } : {})}
      />
      {webcast.attendee_options.view_resources ? <ViewerResources webcastId={uid} token={tokenOf} /> : null}
    </div>
  );
}

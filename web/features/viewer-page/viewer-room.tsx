import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { RoomPhase } from "../../../domain/webcast-room/live-state.ts";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import { ChatPanel } from "../chat/chat-panel.tsx";
import { PollsOnScreen } from "../polls/polls-on-screen.tsx";
import { AskForm } from "../questions/ask-form.tsx";
import { AudienceSlide } from "../slides/audience-slide.tsx";
import { ConnectionIndicator } from "../webcast-room/connection-indicator.tsx";
import { RoomClient, type RoomSocketFactory } from "../webcast-room/room-client.ts";
import "../webcast-room/interaction-panel.css";
import { fetchOlderChatByToken } from "./api.ts";

export interface ViewerRoomProps {
  webcast: PublicWebcast;
  /** The freshest room token (renewed by the page before it expires). */
  token: string;
  /** Told of the room's phase, so the page fetches its state again when the show starts or ends. */
  onPhase?(phase: RoomPhase): void;
  socketFactory?: RoomSocketFactory;
}

/**
 * The viewer's side of the webcast room, as /live/$uid composes it (slide, polls, questions, chat),
 * honouring the attendee options: questions only with `ask_questions`. Lazy-loaded by the page.
 *
 * The room token is read when the socket (re)connects: RoomClient takes a string, so a renewed
 * token does not touch an open connection; when the connection drops and a newer token exists,
 * the client is made again with it (the room resends its state on welcome, nothing is lost but
 * the unsent commands of that instant).
 */
export default function ViewerRoom({ webcast, token, onPhase, socketFactory }: ViewerRoomProps) {
  const uid = webcast.id;
  const latest = useRef(token);
  latest.current = token;
  const [client, setClient] = useState<{ client: RoomClient; token: string } | null>(null);
  const [generation, setGeneration] = useState(0);

  // `generation` changes to ask for a new client made with the latest token.
  useEffect(() => {
    const used = latest.current;
    const created = new RoomClient({ uid, token: used, ...(socketFactory ? { socketFactory } : {}) });
    created.start();
    setClient({ client: created, token: used });
    return () => created.stop();
  }, [uid, socketFactory, generation]);

  if (!client) return null;
  return <Room client={client.client} uid={uid} webcast={webcast} token={token} stale={client.token !== token} onStale={() => setGeneration((value) => value + 1)} onPhase={onPhase} />;
}

interface RoomProps {
  client: RoomClient;
  uid: string;
  webcast: PublicWebcast;
  token: string;
  /** The client connects with an older token than the page holds. */
  stale: boolean;
  onStale(): void;
  onPhase: ((phase: RoomPhase) => void) | undefined;
}

function Room({ client, uid, webcast, token, stale, onStale, onPhase }: RoomProps) {
  const { t } = useLingui();
  const room = useSnapshot(client.store);
  const interactions = room.interactions ? client.store.interactions : null;
  const live = room.live ? client.store.live : null;
  const phase = live?.phase;

  useEffect(() => {
    if (stale && room.status !== "open") onStale();
  }, [stale, room.status, onStale]);

  useEffect(() => {
    if (phase) onPhase?.(phase);
  }, [phase, onPhase]);

  const request = (command: Parameters<RoomClient["request"]>[0]) => client.request(command);
  return (
    <div className="viewer-page__room" data-testid="viewer-room">
      <ConnectionIndicator status={room.status} welcomedOnce={room.welcomedOnce} pending={room.pending.length} />
      {room.reloadRequired ? (
        <div className="form-alert" role="alert">
          <Trans>The webcast room runs a newer version of the application: reload this page to go on.</Trans>{" "}
          <button type="button" className="button" onClick={() => location.reload()}>
            <Trans>Reload</Trans>
          </button>
        </div>
      ) : null}
      {live ? <AudienceSlide uid={uid} token={token} index={live.current_slide_index} layout={live.current_scene_layout} /> : null}
      {interactions === null ? (
        room.status === "closed" ? (
          <p className="form-alert" role="alert" data-testid="interactions-error">
            <Trans>The webcast room cannot be reached. Reload the page to try again.</Trans>
          </p>
        ) : (
          <p className="muted" aria-busy="true" data-testid="interactions-loading">
            <Trans>Connecting to the webcast room…</Trans>
          </p>
        )
      ) : (
        <div className="interaction-panel" data-testid="interaction-panel">
          {interactions.polls.length > 0 ? (
            <section className="card" aria-label={t`Polls`} data-testid="panel-polls">
              <h3 className="card__title">
                <Trans>Polls</Trans>
              </h3>
              <PollsOnScreen polls={interactions.polls} request={request} />
            </section>
          ) : null}
          {webcast.attendee_options.ask_questions ? (
            <section className="card" aria-label={t`Questions`} data-testid="panel-questions">
              <h3 className="card__title">
                <Trans>Questions</Trans>
              </h3>
              <AskForm interactions={interactions} anonymousAllowed={live?.anonymous_questions ?? webcast.anonymous_questions} request={request} />
            </section>
          ) : null}
          <section className="card" aria-label={t`Chat`} data-testid="panel-chat">
            <h3 className="card__title">
              <Trans>Chat</Trans>
            </h3>
            <ChatPanel
              interactions={interactions}
              request={request}
              canModerate={false}
              loadOlder={(before) => fetchOlderChatByToken(uid, before, token)}
              onOlder={(messages, more) => client.addOlderChat(messages, more)}
            />
          </section>
        </div>
      )}
    </div>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { PageTitle } from "../../ui/page-title.tsx";
import { OnScreenQuestions } from "../questions/question-wall.tsx";
import { AudienceSlide } from "../slides/audience-slide.tsx";
import { ConnectionIndicator } from "./connection-indicator.tsx";
import { fetchOlderChat } from "./interaction-api.ts";
import { InteractionPanel } from "./interaction-panel.tsx";
import { phaseLabel } from "./labels.ts";
import { RoomClient, type RoomSocketFactory } from "./room-client.ts";
import "./control-room.css";
import { ReloadRequired } from "./reload-required.tsx";

export interface LivePageProps {
  uid: string;
  /** The room token from the link (`?token=`); without one the room cannot let the viewer in. */
  token: string | undefined;
  /** Tests inject a fake transport; the browser uses partysocket. */
  socketFactory?: RoomSocketFactory;
}

/**
 * /live/$uid?token=… (public, no sign-in): the audience's side of the webcast room, reached with a
 * room token (an audience preview link made in the control room's Links tab). The room client
 * connects as a viewer; the page shows the room's stage and the interaction panel.
 */
export function LivePage({ uid, token, socketFactory }: LivePageProps) {
  const [client, setClient] = useState<RoomClient | null>(null);
  useEffect(() => {
    if (!token) return;
    const created = new RoomClient({ uid, token, ...(socketFactory ? { socketFactory } : {}) });
    created.start();
    setClient(created);
    return () => created.stop();
  }, [uid, token, socketFactory]);
  if (!token) {
    return (
      <section className="live-page" data-testid="live-page">
        <PageTitle>
          <Trans>Live webcast</Trans>
        </PageTitle>
        <p className="form-alert" role="alert" data-testid="live-no-token">
          <Trans>This link is incomplete: open the whole link you were given.</Trans>
        </p>
      </section>
    );
  }
  if (!client) return null;
  return <LiveRoom client={client} uid={uid} token={token} />;
}

function LiveRoom({ client, uid, token }: { client: RoomClient; uid: string; token: string }) {
  const { i18n } = useLingui();
  const room = useSnapshot(client.store);
  const interactions = room.interactions ? client.store.interactions : null;
  const live = room.live ? client.store.live : null;
  return (
    <section className="live-page" data-testid="live-page">
      <header className="control-room__header">
        <div className="control-room__heading">
          <PageTitle>
            <Trans>Live webcast</Trans>
          </PageTitle>
        </div>
        <div className="control-room__status">
          {live ? (
            <span className="badge" data-phase={live.phase} data-testid="live-stage">
              {i18n._(phaseLabel(live))}
            </span>
          ) : null}
          <ConnectionIndicator status={room.status} welcomedOnce={room.welcomedOnce} pending={room.pending.length} />
        </div>
      </header>
      {room.reloadRequired ? (
        <ReloadRequired className="control-room__callout" />
      ) : null}
      {live ? <AudienceSlide uid={uid} token={token} index={live.current_slide_index} layout={live.current_scene_layout} /> : null}
      {live?.question_wall && interactions ? <OnScreenQuestions questions={interactions.questions} /> : null}
      <InteractionPanel
        interactions={interactions}
        anonymousAllowed={live?.anonymous_questions ?? false}
        request={(command) => client.request(command)}
        canModerate={false}
        failed={room.status === "closed"}
        loadOlderChat={(before) => fetchOlderChat(uid, before, token, { globalErrors: false })}
        onOlderChat={(messages, more) => client.addOlderChat(messages, more)}
      />
    </section>
  );
}

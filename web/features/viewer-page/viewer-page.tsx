import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import type { SsoLoginError } from "../../../domain/sso/messages.ts";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import type { ViewerPageState } from "../../../domain/viewer-page/page-state.ts";
import { useResource } from "../../ui/use-resource.ts";
import type { RoomSocketFactory } from "../webcast-room/room-client.ts";
import { fetchPublicWebcast } from "./api.ts";
import { AccessPanel } from "./access-panel.tsx";
import { StatePanel } from "./state-panel.tsx";
import { clockOffset, usePageState } from "./use-page-state.ts";
import { type ViewerSession, useViewerSession } from "./use-viewer-session.ts";
import { ViewerHeader } from "./viewer-header.tsx";
import "./viewer-page.css";

// The room (socket client, polls, questions, chat, slides) loads only once the viewer may enter it.
const ViewerRoom = lazy(() => import("./viewer-room.tsx"));

export interface ViewerPageProps {
  webcastId: string;
  /** The webcast as watch.html came with it (first-screen-data.ts): drawn at once, then asked again. */
  initialWebcast?: PublicWebcast | null | undefined;
  /** `?magic=`: a magic link's one-use token. */
  magic?: string | undefined;
  /** `?invite=`: a personal invitation link's token (issue #18). */
  invite?: string | undefined;
  /** `?sso_error=`: the organization's identity provider refused or failed the login begun here. */
  ssoError?: SsoLoginError | undefined;
  /** The token (or the SSO refusal) was used: the route takes it out of the address (replace, no history entry). */
  onTokenUsed(kind: "magic" | "invite" | "sso_error"): void;
  /** Tests inject a fake room transport. */
  socketFactory?: RoomSocketFactory;
}

/**
 * /w/{webcastId}: the viewer's public webcast page (issue #19, SPEC §2 participant landing and
 * public webcast page states): the branded header, the state of the show with its countdown, the
 * way in (sign-in methods, registration) and, signed in, the webcast room.
 */
export function ViewerPage(props: ViewerPageProps) {
  const { t } = useLingui();
  const key = `watch:${props.webcastId}`;
  const loaded = useResource(key, (signal) => fetchPublicWebcast(props.webcastId, signal).then((webcast) => ({ webcast, receivedAt: Date.now() })));
  // The HTML's copy until the API answers (and while it cannot: offline, the copy stays). Its age is
  // unknown (a page kept by the service worker): the device's clock counts until the API's answer.
  const [initial] = useState(() => (props.initialWebcast?.id === props.webcastId ? { webcast: props.initialWebcast, receivedAt: Date.parse(props.initialWebcast.server_now) } : undefined));
  const data = loaded.dataKey === key ? loaded.data : initial?.webcast.id === props.webcastId ? initial : undefined;

  if (!data) {
    if (loaded.error?.status === 404) {
      return (
        <section className="viewer-page viewer-page--message" data-testid="viewer-not-found">
          <h1 className="page-title">
            <Trans>Webcast not found</Trans>
          </h1>
          <p>
            <Trans>This webcast does not exist or is no longer offered. Check the link you were given.</Trans>
          </p>
        </section>
      );
    }
    if (loaded.error) {
      return (
        <section className="viewer-page viewer-page--message" data-testid="viewer-load-error">
          <h1 className="page-title">
            <Trans>The webcast cannot be shown</Trans>
          </h1>
          <p role="alert">{loaded.error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : loaded.error.message}</p>
          <button type="button" className="button button--primary" onClick={loaded.reload} disabled={loaded.loading} data-testid="viewer-retry">
            <Trans>Try again</Trans>
          </button>
        </section>
      );
    }
    return (
      <section className="viewer-page viewer-page--message" aria-busy="true" data-testid="viewer-loading">
        <h1 className="page-title">
          <Trans>Loading…</Trans>
        </h1>
      </section>
    );
  }
  return <LoadedViewerPage {...props} webcast={data.webcast} offsetMs={clockOffset(data.webcast, data.receivedAt)} refetch={loaded.reload} />;
}

/** The room (and its stage, the player) opens when live, premiering, under 10 minutes before the start, and for an available replay. */
function roomOpens(state: ViewerPageState): boolean {
  return state.kind === "live" || state.kind === "premiering" || state.kind === "replay_available" || (state.kind === "not_started" && state.soon === "under_10");
}

function LoadedViewerPage({ webcast, offsetMs, refetch, webcastId, magic, invite, ssoError, onTokenUsed, socketFactory }: ViewerPageProps & { webcast: PublicWebcast; offsetMs: number; refetch(): void }) {
  const { state } = usePageState(webcast, offsetMs, refetch);
  const roomNeeded = roomOpens(state);
  const { session, enter, enterByLink, leave } = useViewerSession({ webcastId, webcast, magic, invite, ssoError, onTokenUsed, roomNeeded });
  const roomShown = session.status === "signed_in" && session.room !== null && roomNeeded;

  useEffect(() => {
    document.title = webcast.title;
  }, [webcast.title]);

  // A phase change in the room (the producer started or stopped) is worth asking the server again.
  const lastPhase = useRef<string | null>(null);
  const onPhase = useCallback(
    (phase: string) => {
      if (lastPhase.current !== null && lastPhase.current !== phase) refetch();
      lastPhase.current = phase;
    },
    [refetch],
  );

  return (
    <div className="viewer-page" data-theme-name={webcast.branding.theme} data-testid="viewer-page">
      <ViewerHeader webcast={webcast} />
      <div className="viewer-page__layout">
        <div className="viewer-page__primary">
          {/* The room draws its own stage (the player); the poster stands in until it does. */}
          {state.kind === "canceled" || roomShown ? null : <Stage webcast={webcast} kind={state.kind} />}
          <StatePanel webcast={webcast} state={state} />
          {roomShown && session.status === "signed_in" && session.room ? (
            <section className="viewer-page__room-section" aria-labelledby="viewer-room-title">
              <h2 id="viewer-room-title" className="visually-hidden">
                <Trans>Take part</Trans>
              </h2>
              <Suspense
                fallback={
                  <p className="muted" aria-busy="true">
                    <Trans>Connecting to the webcast room…</Trans>
                  </p>
                }
              >
                <ViewerRoom webcast={webcast} token={session.room.room_token} onPhase={onPhase} {...(socketFactory ? { socketFactory } : {})} />
              </Suspense>
            </section>
          ) : null}
        </div>
        <div className="viewer-page__secondary">
          <SessionPanel webcast={webcast} session={session} enter={enter} enterByLink={enterByLink} leave={leave} />
          {webcast.description !== null ? (
            <section className="card viewer-page__description" aria-labelledby="viewer-about-title" data-testid="viewer-description">
              <h2 id="viewer-about-title" className="card__title">
                <Trans>About this webcast</Trans>
              </h2>
              <p>{webcast.description}</p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The poster (cover image) before the room and its player are there: never a fake video. */
function Stage({ webcast, kind }: { webcast: PublicWebcast; kind: ViewerPageState["kind"] }) {
  const { t } = useLingui();
  const title = webcast.title;
  const poster = webcast.branding.cover_url;
  return (
    <div className="viewer-page__stage" data-kind={kind} data-testid="viewer-stage">
      {/* width/height: a 16:9 box before the image arrives (the stage's CSS keeps it so anyway). */}
      {poster ? <img className="viewer-page__poster" src={poster} alt={t`Poster of ${title}`} width={1600} height={900} fetchPriority="high" data-testid="viewer-poster" /> : null}
    </div>
  );
}

function SessionPanel({ webcast, session, enter, enterByLink, leave }: { webcast: PublicWebcast; session: ViewerSession } & Pick<ReturnType<typeof useViewerSession>, "enter" | "enterByLink" | "leave">) {
  if (session.status === "checking") {
    return (
      <p className="muted card" aria-busy="true" data-testid="viewer-checking">
        <Trans>Checking your access…</Trans>
      </p>
    );
  }
  if (session.status === "signed_out") return <AccessPanel webcast={webcast} session={session} enter={enter} enterByLink={enterByLink} />;
  return <Greeting name={session.pass.viewer.name} focus={session.justSignedIn} onSignOut={leave} />;
}

/** The signed-in viewer, greeted by name; after a sign-in the focus moves here (the form is gone). */
function Greeting({ name, focus, onSignOut }: { name: string; focus: boolean; onSignOut(): Promise<void> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="card viewer-page__greeting" aria-labelledby="viewer-greeting" data-testid="viewer-greeting">
      <h2 id="viewer-greeting" ref={heading} tabIndex={-1} className="card__title" data-testid="viewer-greeting-text">
        {name.trim() ? <Trans>Hello {name}</Trans> : <Trans>Welcome</Trans>}
      </h2>
      <p>
        <Trans>You are signed in to this webcast on this device.</Trans>
      </p>
      <button type="button" className="button" onClick={() => void onSignOut()} data-testid="viewer-sign-out">
        <Trans>Sign out</Trans>
      </button>
    </section>
  );
}

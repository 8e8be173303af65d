import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import type { ViewerResource } from "../../../domain/viewer-page/resources.ts";
import { fetchViewerResources, isUnreachableError } from "./api.ts";
import "./viewer-resources.css";

/** How often the list is read again: resources the organizer adds during the show appear, and the files' signed URLs (6 h) never go stale. */
export const RESOURCES_REFRESH_MS = 10 * 60_000;

type Loaded = { status: "loading" } | { status: "ready"; items: ViewerResource[] } | { status: "failed"; message: string | null };

interface ViewerResourcesProps {
  webcastId: string;
  /** The freshest room token (read at each call, so a renewed token does not refetch). */
  token(): string;
}

/**
 * The webcast's resources on the viewer page (attendee option `view_resources`; the caller shows
 * this only when it is on): files download under their name through a signed URL, links open in a
 * new tab, e-mail addresses in the mail app. In the page's language (read again when it changes).
 */
export function ViewerResources({ webcastId, token }: ViewerResourcesProps) {
  const { i18n } = useLingui();
  const language = i18n.locale;
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // `attempt` (the retry button) reads again; the token is read at each call, so a renewed one does not.
  useEffect(() => {
    const controller = new AbortController();
    const load = async (first: boolean) => {
      try {
        const items = await fetchViewerResources(webcastId, token(), language, controller.signal);
        if (!controller.signal.aborted) setLoaded({ status: "ready", items });
      } catch (error) {
        if (controller.signal.aborted) return;
        // A failed refresh keeps the list shown; the first read shows why it failed.
        if (first) setLoaded({ status: "failed", message: isUnreachableError(error) || !(error instanceof Error) ? null : error.message });
      }
    };
    setLoaded({ status: "loading" });
    void load(true);
    const timer = setInterval(() => void load(false), RESOURCES_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [webcastId, language, attempt]);

  return (
    <section className="card viewer-resources" aria-labelledby={titleId} data-testid="viewer-resources">
      <h3 id={titleId} className="card__title">
        <Trans>Resources</Trans>
      </h3>
      {loaded.status === "loading" ? (
        <p className="muted" aria-busy="true" data-testid="viewer-resources-loading">
          <Trans>Loading…</Trans>
        </p>
      ) : loaded.status === "failed" ? (
        <div className="form-alert" role="alert" data-testid="viewer-resources-error">
          <p>{loaded.message ?? <Trans>The server cannot be reached. Check your connection and try again.</Trans>}</p>
          <button type="button" className="button" onClick={() => setAttempt((value) => value + 1)}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : loaded.items.length === 0 ? (
        <p className="muted" data-testid="viewer-resources-empty">
          <Trans>No resources.</Trans>
        </p>
      ) : (
        <ul className="viewer-resources__list">
          {loaded.items.map((resource) => (
            <li key={resource.id} className="viewer-resources__item" data-testid="viewer-resource" data-kind={resource.kind}>
              <ResourceLink resource={resource} />
              {resource.description ? <p className="viewer-resources__description">{resource.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResourceLink({ resource }: { resource: ViewerResource }) {
  if (resource.kind === "file") {
    return (
      <>
        {/* The file's name is part of the link's name: what a screen reader says tells it is a download (and of what). */}
        <a href={resource.url} download={resource.file_name ?? ""}>
          {resource.title}
          {resource.file_name ? <span className="muted viewer-resources__meta"> {resource.file_name}</span> : null}
        </a>
      </>
    );
  }
  if (resource.kind === "email") {
    return (
      <>
        <a href={resource.url}>{resource.title}</a>
        <span className="muted viewer-resources__meta">{addressOf(resource.url)}</span>
      </>
    );
  }
  return (
    <a href={resource.url} target="_blank" rel="noopener noreferrer">
      {resource.title}
      <span className="visually-hidden">
        {" "}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

/** The address of a `mailto:` URL, for the eye (the link itself stays encoded). */
function addressOf(mailto: string): string {
  try {
    return decodeURIComponent(mailto.replace(/^mailto:/i, ""));
  } catch {
    return mailto.replace(/^mailto:/i, "");
  }
}

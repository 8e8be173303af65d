import { Trans, useLingui } from "@lingui/react/macro";
import { AuthCard } from "../auth/public-layout.tsx";
import { useResource } from "../../ui/use-resource.ts";
import { fetchInvitationLanding } from "../viewers/api.ts";
import "../viewers/viewers.css";

/** The start of a webcast in the reader's own time zone, with the zone named. */
function localStart(iso: string, locale: string): { text: string; zone: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  try {
    return { text: new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone: zone }).format(new Date(iso)), zone };
  } catch {
    return { text: iso, zone };
  }
}

/**
 * /w/{webcastId}?invite=<token> (docs/viewers-api.md "Personal link"): the page a viewer's
 * invitation links to, public. It greets the viewer, tells the webcast's title and start in the
 * viewer's own time zone, and that the webcast opens on this page at that time (issue #19 makes it
 * the viewer's page). An expired or invalid link shows the server's message.
 */
export function InvitationLandingPage({ webcastId, token }: { webcastId: string; token: string | undefined }) {
  const { t, i18n } = useLingui();
  const key = token ? `invitation:${webcastId}:${token}` : null;
  const loaded = useResource(key, (signal) => fetchInvitationLanding(token ?? "", signal));
  const data = loaded.dataKey === key ? loaded.data : undefined;

  if (!token) {
    return (
      <AuthCard title={t`Your invitation`} testId="invitation-landing">
        <p role="alert" data-testid="invitation-landing-error">
          <Trans>This page opens with the personal link of your invitation e-mail. Use the link from the e-mail.</Trans>
        </p>
      </AuthCard>
    );
  }
  if (loaded.error && !data) {
    return (
      <AuthCard title={t`Your invitation`} testId="invitation-landing">
        <div className="callout" data-tone="danger" role="alert" data-testid="invitation-landing-error">
          <p>{loaded.error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : loaded.error.message}</p>
        </div>
      </AuthCard>
    );
  }
  if (!data) {
    return (
      <AuthCard title={t`Your invitation`} testId="invitation-landing">
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      </AuthCard>
    );
  }
  const { text, zone } = localStart(data.webcast.start, i18n.locale);
  const name = data.viewer.name;
  return (
    <AuthCard title={data.webcast.title} testId="invitation-landing">
      <div className="invitation-landing">
        <p className="lead" data-testid="invitation-landing-greeting">
          <Trans>Hello {name}, you are invited.</Trans>
        </p>
        <p data-testid="invitation-landing-date">
          <time dateTime={data.webcast.start}>{text}</time> <span className="muted">({zone})</span>
        </p>
        <p data-testid="invitation-landing-note">
          <Trans>Keep this page: the webcast opens here at its start time.</Trans>
        </p>
      </div>
    </AuthCard>
  );
}

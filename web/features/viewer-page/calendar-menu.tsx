import { Trans } from "@lingui/react/macro";
import { useRef, useState } from "react";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import { type CalendarEventInput, ICS_CONTENT_TYPE, calendarIcs, calendarLinks } from "../../../domain/viewer-page/calendar.ts";

/** The page's address without the one-use tokens (`?magic=`, `?invite=`): what a calendar entry links to. */
export function pageUrl(webcastId: string, origin: string = location.origin): string {
  return `${origin}/w/${encodeURIComponent(webcastId)}`;
}

/** A file name from the title: letters, digits and dashes, never empty. */
export function icsFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "webcast"}.ics`;
}

function saveFile(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: ICS_CONTENT_TYPE }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * "Add to calendar" (SPEC §3 add-to-calendar visibility): a disclosure with the .ics download
 * (its `ics` writer loads on first use) and the Google, Outlook.com and Office 365 links.
 */
export function CalendarMenu({ webcast }: { webcast: PublicWebcast }) {
  const [failed, setFailed] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  if (webcast.start === null) return null;
  const event: CalendarEventInput = { title: webcast.title, description: webcast.description, start: webcast.start, end: webcast.end, url: pageUrl(webcast.id), uid: `${webcast.id}@igo-events` };
  const links = calendarLinks(event);
  const download = () => {
    setFailed(false);
    calendarIcs(event).then(
      (text) => saveFile(text, icsFileName(webcast.title)),
      () => setFailed(true),
    );
  };
  return (
    // A native disclosure: opening it runs no script (the page's INP on a slow phone); Escape closes it.
    <details
      ref={menu}
      className="viewer-page__calendar"
      data-testid="calendar-menu"
      onKeyDown={(keyEvent) => {
        const details = menu.current;
        if (keyEvent.key === "Escape" && details?.open) {
          details.open = false;
          details.querySelector("summary")?.focus();
        }
      }}
    >
      <summary className="button" data-testid="calendar-toggle">
        <Trans>Add to calendar</Trans>
      </summary>
      <ul className="viewer-page__calendar-list">
        <li>
          <button type="button" className="button button--link" onClick={download} data-testid="calendar-ics">
            <Trans>Download .ics</Trans>
          </button>
        </li>
        <li>
          <a href={links.google} target="_blank" rel="noopener noreferrer" data-testid="calendar-google">
            Google Calendar <NewTab />
          </a>
        </li>
        <li>
          <a href={links.outlook} target="_blank" rel="noopener noreferrer" data-testid="calendar-outlook">
            Outlook.com <NewTab />
          </a>
        </li>
        <li>
          <a href={links.office365} target="_blank" rel="noopener noreferrer" data-testid="calendar-office365">
            Office 365 <NewTab />
          </a>
        </li>
      </ul>
      {failed ? (
        <p className="form-alert" role="alert">
          <Trans>The calendar file could not be made. Use one of the links instead.</Trans>
        </p>
      ) : null}
    </details>
  );
}

function NewTab() {
  return (
    <span className="visually-hidden">
      <Trans>(opens in a new tab)</Trans>
    </span>
  );
}

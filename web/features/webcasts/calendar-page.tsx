import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { type CalendarView, byDay, monthWeeks, stepDay, weekDays, weekStartOf } from "../../../domain/webcasts/calendar.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { displayedState } from "../../../domain/webcasts/status.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { browserTimeZone } from "./form-support.ts";
import { STATE_LABELS } from "./labels.ts";
import { useWebcastsStartingBetween } from "./use-local-webcasts.ts";
import "../organizations/management.css";
import "./webcasts.css";

export interface CalendarSearch {
  view?: CalendarView;
  /** YYYY-MM-DD: a day of the month or week shown (default today). */
  date?: string;
}

function today(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * /sessions/calendar (SPEC §2): the sessions of the user's organizations by day, in a month or a
 * week, in the browser's time zone, from the device's replica (works offline). Meetings and events
 * join when they exist.
 */
export function CalendarPage({ search, onSearch }: { search: CalendarSearch; onSearch(next: CalendarSearch): void }) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  const timeZone = browserTimeZone();
  const view = search.view ?? "month";
  const current = search.date ?? today(timeZone);
  const weekStart = weekStartOf(locale);
  const weeks = view === "month" ? monthWeeks(current, weekStart) : [weekDays(current, weekStart)];
  const webcasts = useWebcastsStartingBetween(weeks[0]?.[0] ?? current, weeks.at(-1)?.at(-1) ?? current);
  const days = useMemo(() => byDay(webcasts ?? [], timeZone), [webcasts, timeZone]);
  const todayKey = today(timeZone);

  const heading =
    view === "month"
      ? new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(dayDate(current))
      : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).formatRange(dayDate(weeks[0]?.[0] ?? current), dayDate(weeks[0]?.[6] ?? current));
  const weekdayNames = (weeks[0] ?? []).map((day) => new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(dayDate(day)));
  const time = (webcast: WebcastRow) => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(webcast.event_start_date_time));

  return (
    <div className="page calendar" data-testid="calendar-page">
      <div className="page-heading">
        <PageTitle>
          <Trans>Calendar</Trans>
        </PageTitle>
        <Link to="/sessions" className="button">
          <Trans>List</Trans>
        </Link>
      </div>
      <div className="calendar__toolbar">
        <div className="calendar__nav">
          <button type="button" className="button" aria-label={view === "month" ? t`Previous month` : t`Previous week`} onClick={() => onSearch({ ...search, date: stepDay(view, current, -1) })}>
            ‹
          </button>
          <button type="button" className="button" onClick={() => onSearch({ ...search, date: undefined })}>
            <Trans>Today</Trans>
          </button>
          <button type="button" className="button" aria-label={view === "month" ? t`Next month` : t`Next week`} onClick={() => onSearch({ ...search, date: stepDay(view, current, 1) })}>
            ›
          </button>
        </div>
        <h2 className="calendar__heading" aria-live="polite" data-testid="calendar-heading">
          {heading}
        </h2>
        <div className="status-filter" role="group" aria-label={t`View`}>
          <button type="button" className="chip" aria-pressed={view === "month"} onClick={() => onSearch({ ...search, view: "month" })} data-testid="calendar-month">
            <Trans>Month</Trans>
          </button>
          <button type="button" className="chip" aria-pressed={view === "week"} onClick={() => onSearch({ ...search, view: "week" })} data-testid="calendar-week">
            <Trans>Week</Trans>
          </button>
        </div>
      </div>
      <table className={`calendar__grid calendar__grid--${view}`} data-testid="calendar-grid">
        <caption className="visually-hidden">{heading}</caption>
        <thead>
          <tr>
            {weekdayNames.map((name, index) => (
              <th key={`${name}-${index}`} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const items = days.get(day) ?? [];
                const outside = view === "month" && day.slice(0, 7) !== current.slice(0, 7);
                return (
                  <td key={day} className="calendar__day" data-outside={outside || undefined} data-today={day === todayKey || undefined} data-day={day}>
                    <span className="calendar__date">{Number(day.slice(8))}</span>
                    {items.length > 0 ? (
                      <ul className="calendar__items">
                        {items.map((webcast) => (
                          <li key={webcast.id}>
                            <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} className="calendar__item" data-state={webcast.state} data-testid="calendar-item">
                              <span className="calendar__time">{time(webcast)}</span> {webcast.event_title}
                              <span className="visually-hidden"> ({i18n._(STATE_LABELS[displayedState(webcast)])})</span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        <Trans>Times are shown in your time zone ({timeZone}).</Trans>
      </p>
    </div>
  );
}

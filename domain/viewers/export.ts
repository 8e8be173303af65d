import type { Cell } from "../exports/spreadsheet.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { utcToWallTime } from "../time/wall-time.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";
import type { ViewerRow } from "./record.ts";

/**
 * GET /api/webcasts/{uid}/participants/export?type= (SPEC §7, §9 "Export formats: XLSX, CSV comma,
 * CSV semicolon"; docs/viewers-api.md): a webcast's viewers as a table, one row per viewer, headers
 * and labels in `lang`, "Added on" in the webcast's time zone. Pure, and row by row
 * (`participantExportRow`), so the worker streams a list of any size page by page and a browser
 * could build the same file offline from the viewers it holds. No password is exported (only
 * whether the viewer has one is known server-side, and it is not a column). Callers authorize
 * (`viewers.manage`).
 */

/** What one exported row needs of a viewer: the synced fields. */
export type ExportedViewer = Pick<ViewerRow, "name" | "email" | "tags" | "control_number" | "vote_weight" | "registered" | "invitation_sent" | "reminder_sent" | "is_moderator" | "created_at">;

export const PARTICIPANT_EXPORT_HEADERS: Localized<readonly string[]> = {
  en: ["Name", "E-mail", "Tags", "Control number", "Vote weight", "Registered", "Invitation sent", "Reminder sent", "Moderator", "Added on"],
  fr: ["Nom", "Courriel", "Étiquettes", "Numéro de contrôle", "Poids du vote", "Inscrit", "Invitation envoyée", "Rappel envoyé", "Modérateur", "Ajouté le"],
  de: ["Name", "E-Mail", "Tags", "Kontrollnummer", "Stimmgewicht", "Registriert", "Einladung gesendet", "Erinnerung gesendet", "Moderator", "Hinzugefügt am"],
  pt: ["Nome", "E-mail", "Etiquetas", "Número de controle", "Peso do voto", "Inscrito", "Convite enviado", "Lembrete enviado", "Moderador", "Adicionado em"],
  es: ["Nombre", "Correo electrónico", "Etiquetas", "Número de control", "Peso del voto", "Registrado", "Invitación enviada", "Recordatorio enviado", "Moderador", "Añadido el"],
};

const LABELS = {
  yes: { en: "Yes", fr: "Oui", de: "Ja", pt: "Sim", es: "Sí" },
  no: { en: "No", fr: "Non", de: "Nein", pt: "Não", es: "No" },
} as const satisfies Record<string, LocalizedText>;

export const PARTICIPANT_SHEET_NAME: LocalizedText = { en: "Participants", fr: "Participants", de: "Teilnehmende", pt: "Participantes", es: "Participantes" };

/** The download's name without extension: `<webcast title> participants` (SPEC §7 participants/export). */
export function participantExportBasename(webcastTitle: string): string {
  const title = webcastTitle.trim();
  return title === "" ? "participants" : `${title} participants`;
}

/** Separator of a viewer's tags in one cell (a CSV import splits on it again: domain/viewers/rules.ts `splitTags`). */
export const TAG_SEPARATOR = ", ";

/** The header row in `lang`. */
export function participantExportHeader(lang: UiLocale): Cell[] {
  return [...localized(PARTICIPANT_EXPORT_HEADERS, lang)];
}

/**
 * A row writer for `lang` and the webcast's `timeZone`: the labels are looked up once, so a list
 * of 100,000 viewers costs one small array per row.
 */
export function participantExportRow(lang: UiLocale, timeZone: string): (viewer: ExportedViewer) => Cell[] {
  const yes = localized(LABELS.yes, lang);
  const no = localized(LABELS.no, lang);
  const flag = (value: boolean) => (value ? yes : no);
  const addedOn = wallClock(timeZone);
  return (viewer) => {
    return [
      viewer.name,
      viewer.email,
      viewer.tags.join(TAG_SEPARATOR),
      viewer.control_number,
      viewer.vote_weight,
      flag(viewer.registered),
      flag(viewer.invitation_sent),
      flag(viewer.reminder_sent),
      flag(viewer.is_moderator),
      addedOn(viewer.created_at),
    ];
  };
}

/** Time-zone offsets change only at a quarter of an hour in UTC (every zone's offset is a multiple of 15 minutes). */
const QUARTER_MS = 15 * 60_000;

/**
 * "YYYY-MM-DD HH:MM" of UTC instants in `timeZone`, the zone's offset looked up once per quarter
 * of an hour (a lookup through Intl costs ≈ 10 µs: 1 s of a 100,000-viewer export otherwise).
 */
function wallClock(timeZone: string): (iso: string) => string {
  const offsets = new Map<number, number>();
  return (iso) => {
    const at = Date.parse(iso);
    if (Number.isNaN(at)) {
      const { date, time } = utcToWallTime(iso, timeZone);
      return `${date} ${time}`;
    }
    const quarter = Math.floor(at / QUARTER_MS) * QUARTER_MS;
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const { date, time } = utcToWallTime(new Date(quarter).toISOString(), timeZone);
      offset = Date.parse(`${date}T${time}:00.000Z`) - quarter;
      offsets.set(quarter, offset);
    }
    const text = new Date(at + offset).toISOString();
    return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
  };
}

/** The whole table (header first) of viewers held in memory: what a browser exporting offline calls. */
export function participantExportRows(viewers: readonly ExportedViewer[], lang: UiLocale, timeZone: string): Cell[][] {
  const row = participantExportRow(lang, timeZone);
  return [participantExportHeader(lang), ...viewers.map(row)];
}

import type { UiLocale } from "../i18n/locales.ts";
import type { PollRow, PollingSeriesRow } from "./record.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";
import type { Cell } from "../exports/spreadsheet.ts";

/**
 * GET /api/webcasts/{uid}/polls/export?type=&lang= (SPEC §7, §9 "Export formats: XLSX, CSV comma,
 * CSV semicolon"): a webcast's polls as a table, one row per option, headers and labels in `lang`.
 * Votes and percentages are columns already, empty until the control room records votes.
 * Pure: the worker builds the file with domain/exports/spreadsheet.ts (`exportFile`, like every
 * export of the product), the browser could build the same one offline. Callers authorize
 * (`polls.manage` for the webcast).
 */

type Text = LocalizedText;

const HEADERS: Localized<readonly string[]> = {
  en: ["Series", "Poll", "Description", "Language", "Multiple choice", "Display", "Status", "Option", "Recommended", "Votes", "Percentage"],
  fr: ["Série", "Sondage", "Description", "Langue", "Choix multiple", "Affichage", "Statut", "Option", "Recommandée", "Votes", "Pourcentage"],
  de: ["Serie", "Umfrage", "Beschreibung", "Sprache", "Mehrfachauswahl", "Anzeige", "Status", "Option", "Empfohlen", "Stimmen", "Prozentsatz"],
  pt: ["Série", "Enquete", "Descrição", "Idioma", "Múltipla escolha", "Exibição", "Status", "Opção", "Recomendada", "Votos", "Porcentagem"],
  es: ["Serie", "Encuesta", "Descripción", "Idioma", "Opción múltiple", "Visualización", "Estado", "Opción", "Recomendada", "Votos", "Porcentaje"],
};
const LABELS = {
  yes: { en: "Yes", fr: "Oui", de: "Ja", pt: "Sim", es: "Sí" },
  no: { en: "No", fr: "Non", de: "Nein", pt: "Não", es: "No" },
  en: { en: "English", fr: "Anglais", de: "Englisch", pt: "Inglês", es: "Inglés" },
  fr: { en: "French", fr: "Français", de: "Französisch", pt: "Francês", es: "Francés" },
  fluid: { en: "Fluid", fr: "Fluide", de: "Fließend", pt: "Contínua", es: "Continua" },
  paginated: { en: "Paginated", fr: "Paginé", de: "Seitenweise", pt: "Paginada", es: "Paginada" },
  unpublished: { en: "Unpublished", fr: "Non publié", de: "Nicht veröffentlicht", pt: "Não publicada", es: "No publicada" },
  open: { en: "Open", fr: "Ouvert", de: "Offen", pt: "Aberta", es: "Abierta" },
  closed: { en: "Closed", fr: "Fermé", de: "Geschlossen", pt: "Fechada", es: "Cerrada" },
  results: { en: "Results shown", fr: "Résultats affichés", de: "Ergebnisse angezeigt", pt: "Resultados exibidos", es: "Resultados mostrados" },
} as const satisfies Record<string, Text>;
export const POLL_SHEET_NAME: Text = { en: "Polls", fr: "Sondages", de: "Umfragen", pt: "Enquetes", es: "Encuestas" };

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The table: a header row, then the polls outside any series, then each series' polls, in list order. */
export function pollExportRows(polls: readonly PollRow[], series: readonly PollingSeriesRow[], lang: UiLocale): Cell[][] {
  const ordered = [...series].sort(byPosition);
  const groups: { title: string | null; polls: PollRow[] }[] = [
    { title: null, polls: polls.filter((poll) => poll.series_id === null || !ordered.some((s) => s.id === poll.series_id)) },
    ...ordered.map((s) => ({ title: s.title, polls: polls.filter((poll) => poll.series_id === s.id) })),
  ];
  const rows: Cell[][] = [[...localized(HEADERS, lang)]];
  for (const group of groups) {
    for (const poll of group.polls.sort(byPosition)) {
      for (const option of poll.options) {
        rows.push([
          group.title,
          poll.title,
          poll.description,
          localized(LABELS[poll.language], lang),
          localized(poll.multiple_choice ? LABELS.yes : LABELS.no, lang),
          localized(LABELS[poll.display], lang),
          localized(LABELS[poll.status], lang),
          option.text,
          localized(option.id === poll.recommended_option_id ? LABELS.yes : LABELS.no, lang),
          null,
          null,
        ]);
      }
    }
  }
  return rows;
}

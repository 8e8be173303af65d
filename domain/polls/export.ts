import type { UiLocale } from "../i18n/locales.ts";
import type { PollRow, PollingSeriesRow } from "./record.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";
import type { Cell } from "../exports/spreadsheet.ts";
import type { Ballot } from "./ballots.ts";
import type { PollResults } from "./tally.ts";

/**
 * GET /api/webcasts/{uid}/polls/export?type=&lang= (SPEC §7, §9 "Export formats: XLSX, CSV comma,
 * CSV semicolon"): a webcast's polls as a table, one row per option, headers and labels in `lang`.
 * With the results (tally.ts `pollResults` of the stored ballots): per option its voters (head
 * count), its votes (the voters' weights) and its percentage; empty for a poll nobody voted in.
 * Pure: the worker builds the file with domain/exports/spreadsheet.ts (`exportFile`, like every
 * export of the product), the browser could build the same one offline. Callers authorize
 * (`polls.manage` for the webcast).
 */

type Text = LocalizedText;

const HEADERS: Localized<readonly string[]> = {
  en: ["Series", "Poll", "Description", "Language", "Multiple choice", "Display", "Status", "Option", "Recommended", "Voters", "Votes", "Percentage"],
  fr: ["Série", "Sondage", "Description", "Langue", "Choix multiple", "Affichage", "Statut", "Option", "Recommandée", "Votants", "Votes", "Pourcentage"],
  de: ["Serie", "Umfrage", "Beschreibung", "Sprache", "Mehrfachauswahl", "Anzeige", "Status", "Option", "Empfohlen", "Abstimmende", "Stimmen", "Prozentsatz"],
  pt: ["Série", "Enquete", "Descrição", "Idioma", "Múltipla escolha", "Exibição", "Status", "Opção", "Recomendada", "Votantes", "Votos", "Porcentagem"],
  es: ["Serie", "Encuesta", "Descripción", "Idioma", "Opción múltiple", "Visualización", "Estado", "Opción", "Recomendada", "Votantes", "Votos", "Porcentaje"],
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

/** The polls in list order, each with its series' title: those outside any series first, then each series' in its order. */
export function pollsInListOrder(polls: readonly PollRow[], series: readonly PollingSeriesRow[]): { series_title: string | null; poll: PollRow }[] {
  const ordered = [...series].sort(byPosition);
  const groups: { title: string | null; polls: PollRow[] }[] = [
    { title: null, polls: polls.filter((poll) => poll.series_id === null || !ordered.some((s) => s.id === poll.series_id)) },
    ...ordered.map((s) => ({ title: s.title, polls: polls.filter((poll) => poll.series_id === s.id) })),
  ];
  return groups.flatMap((group) => group.polls.sort(byPosition).map((poll) => ({ series_title: group.title, poll })));
}

/**
 * The table: a header row, then one row per option of the polls in list order (`pollsInListOrder`).
 * `results` (by poll id) fills Voters, Votes and Percentage; a poll without results leaves them empty.
 */
export function pollExportRows(polls: readonly PollRow[], series: readonly PollingSeriesRow[], lang: UiLocale, results: ReadonlyMap<string, PollResults> = new Map()): Cell[][] {
  const rows: Cell[][] = [[...localized(HEADERS, lang)]];
  for (const { series_title, poll } of pollsInListOrder(polls, series)) {
    const counted = results.get(poll.id);
    const voted = counted !== undefined && counted.voters > 0;
    for (const option of poll.options) {
      const result = voted ? counted.options.find((one) => one.option_id === option.id) : undefined;
      rows.push([
        series_title,
        poll.title,
        poll.description,
        localized(LABELS[poll.language], lang),
        localized(poll.multiple_choice ? LABELS.yes : LABELS.no, lang),
        localized(LABELS[poll.display], lang),
        localized(LABELS[poll.status], lang),
        option.text,
        localized(option.id === poll.recommended_option_id ? LABELS.yes : LABELS.no, lang),
        result?.voters ?? null,
        result?.weight ?? null,
        result?.percent ?? null,
      ]);
    }
  }
  return rows;
}

// --- The ballot log -------------------------------------------------------------------------------

const BALLOT_HEADERS: Localized<readonly string[]> = {
  en: ["Sequence", "Poll", "Voter", "Options", "Weight", "Cast at"],
  fr: ["Séquence", "Sondage", "Votant", "Options", "Poids", "Voté le"],
  de: ["Sequenz", "Umfrage", "Abstimmende Person", "Optionen", "Gewicht", "Abgegeben am"],
  pt: ["Sequência", "Enquete", "Votante", "Opções", "Peso", "Votado em"],
  es: ["Secuencia", "Encuesta", "Votante", "Opciones", "Peso", "Emitido el"],
};
export const BALLOT_SHEET_NAME: Text = { en: "Ballots", fr: "Bulletins", de: "Stimmzettel", pt: "Cédulas", es: "Papeletas" };
/** Between the texts of the options a ballot chose. */
export const OPTION_SEPARATOR = " | ";

/**
 * GET /api/webcasts/{uid}/polls/ballots/export (the auditable log, `poll_ballot_log`): every ballot
 * the room accepted, replaced ones included, in the room's order (`seq`): its number, the poll's
 * title, the voter's key (a viewer id or `guest:<uuid>`), the chosen options' texts (an option
 * since removed from the poll shows its id), the weight it was cast with and when (ISO, UTC).
 * A ballot of a poll since deleted shows the poll's id. Callers authorize (`webcasts.update`).
 */
export function ballotLogExportRows(log: readonly (Ballot & { seq: number })[], polls: readonly Pick<PollRow, "id" | "title" | "options">[], lang: UiLocale): Cell[][] {
  const byId = new Map(polls.map((poll) => [poll.id, poll]));
  const rows: Cell[][] = [[...localized(BALLOT_HEADERS, lang)]];
  for (const ballot of [...log].sort((a, b) => a.seq - b.seq)) {
    const poll = byId.get(ballot.poll_id);
    const texts = ballot.option_ids.map((id) => poll?.options.find((option) => option.id === id)?.text ?? id);
    rows.push([ballot.seq, poll?.title ?? ballot.poll_id, ballot.voter_key, texts.join(OPTION_SEPARATOR), ballot.weight, new Date(ballot.cast_at).toISOString()]);
  }
  return rows;
}

import type { UiLocale } from "../i18n/locales.ts";
import { utcToWallTime } from "../time/wall-time.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";
import type { Question } from "./record.ts";
import type { Cell } from "../exports/spreadsheet.ts";

/**
 * GET questions/download?type= (SPEC §7, §9 export formats): a webcast's questions as a table,
 * one row per question, newest first, headers and labels in `lang`, dates in the webcast's time
 * zone. Pure; the shared export helper turns the rows into XLSX or CSV. Callers authorize
 * (`questions.manage`). An anonymous question has no name nor e-mail to show: none is stored.
 */


const HEADERS: Localized<readonly string[]> = {
  en: ["Date", "Name", "E-mail", "Question", "Anonymous", "Source", "Answered", "Answer", "Hidden", "Pushed to speakers", "Upvotes", "Support desk"],
  fr: ["Date", "Nom", "Courriel", "Question", "Anonyme", "Source", "Répondue", "Réponse", "Masquée", "Envoyée aux intervenants", "Votes", "Service d'assistance"],
  de: ["Datum", "Name", "E-Mail", "Frage", "Anonym", "Quelle", "Beantwortet", "Antwort", "Ausgeblendet", "An Sprecher gesendet", "Stimmen", "Support"],
  pt: ["Data", "Nome", "E-mail", "Pergunta", "Anônima", "Origem", "Respondida", "Resposta", "Oculta", "Enviada aos palestrantes", "Votos", "Suporte"],
  es: ["Fecha", "Nombre", "Correo electrónico", "Pregunta", "Anónima", "Origen", "Respondida", "Respuesta", "Oculta", "Enviada a los ponentes", "Votos", "Soporte"],
};

const LABELS = {
  yes: { en: "Yes", fr: "Oui", de: "Ja", pt: "Sim", es: "Sí" },
  no: { en: "No", fr: "Non", de: "Nein", pt: "Não", es: "No" },
  web: { en: "Web", fr: "Web", de: "Web", pt: "Web", es: "Web" },
  sms: { en: "SMS", fr: "SMS", de: "SMS", pt: "SMS", es: "SMS" },
  pending: { en: "Sending", fr: "Envoi en cours", de: "Wird gesendet", pt: "Enviando", es: "Enviando" },
  sent: { en: "Sent", fr: "Envoyée", de: "Gesendet", pt: "Enviada", es: "Enviada" },
  failed: { en: "Failed", fr: "Échec", de: "Fehlgeschlagen", pt: "Falhou", es: "Fallido" },
} as const satisfies Record<string, LocalizedText>;

export const QUESTION_SHEET_NAME: LocalizedText = { en: "Questions", fr: "Questions", de: "Fragen", pt: "Perguntas", es: "Preguntas" };

/** "YYYY-MM-DD HH:MM" of an instant in `timeZone`. */
function wallDate(epochMs: number, timeZone: string): string {
  const { date, time } = utcToWallTime(new Date(epochMs).toISOString(), timeZone);
  return `${date} ${time}`;
}

export function questionExportRows(questions: readonly Question[], lang: UiLocale, timeZone: string): Cell[][] {
  const yesNo = (value: boolean) => localized(value ? LABELS.yes : LABELS.no, lang);
  const sorted = [...questions].sort((a, b) => b.asked_at - a.asked_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return [
    [...localized(HEADERS, lang)],
    ...sorted.map((question): Cell[] => [
      wallDate(question.asked_at, timeZone),
      question.anonymous ? null : question.asker_name,
      question.anonymous ? null : question.asker_email,
      question.text,
      yesNo(question.anonymous),
      localized(LABELS[question.source], lang),
      yesNo(question.answered),
      question.answer,
      yesNo(question.hidden),
      yesNo(question.pushed_to_speakers),
      question.upvotes,
      question.support_desk === null ? null : localized(LABELS[question.support_desk.status], lang),
    ]),
  ];
}

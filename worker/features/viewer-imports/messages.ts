import type { LocalizedText } from "../../../domain/validation/localized.ts";

/** Texts of the CSV import routes and processing (en and fr; SPEC §8). The reader's own: domain/viewers/csv-import.ts. */
export const IMPORT_MESSAGES = {
  busy: {
    en: "Another file is being processed. Please wait until it has finished to upload a new one.",
    fr: "Un autre fichier est en cours de traitement. Veuillez attendre la fin de son traitement pour en téléverser un nouveau.",
  },
  no_file: { en: "Choose a CSV file to upload.", fr: "Choisissez un fichier CSV à téléverser." },
  too_large: { en: "The file is larger than 50 MB. Split the list into smaller files.", fr: "Le fichier dépasse 50 Mo. Divisez la liste en fichiers plus petits." },
  not_found: { en: "This import no longer exists: it was deleted.", fr: "Cette importation n'existe plus : elle a été supprimée." },
  no_row_imported: {
    en: "No row of the file could be imported: see the errors of each row.",
    fr: "Aucune ligne du fichier n'a pu être importée : voyez les erreurs de chaque ligne.",
  },
  file_missing: { en: "The uploaded file can no longer be read. Upload it again.", fr: "Le fichier téléversé ne peut plus être lu. Téléversez-le de nouveau." },
  step_failed: {
    en: "The import stopped because of a server error. The rows counted went in; upload the file again to finish.",
    fr: "L'importation s'est arrêtée à cause d'une erreur du serveur. Les lignes comptées ont été importées ; téléversez de nouveau le fichier pour terminer.",
  },
  stalled: {
    en: "The import stopped making progress (no chunk for 10 minutes). The rows counted went in; upload the file again to finish.",
    fr: "L'importation n'avançait plus (aucun lot depuis 10 minutes). Les lignes comptées ont été importées ; téléversez de nouveau le fichier pour terminer.",
  },
  errors_sheet: { en: "errors", fr: "erreurs" },
} as const satisfies Record<string, LocalizedText>;

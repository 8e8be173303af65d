import type { LocalizedText } from "../validation/localized.ts";

/** The uploads' texts (SPEC: validation texts exist in en and fr; the UI's own texts go through Lingui). */
export const UPLOAD_MESSAGES = {
  invalid: { en: "The file cannot be uploaded.", fr: "Le fichier ne peut pas être téléversé." },
  empty: { en: "The file is empty.", fr: "Le fichier est vide." },
  file_name: { en: "The file needs a name of at most 255 characters.", fr: "Le fichier doit avoir un nom de 255 caractères au plus." },
  slides_export_pdf: {
    en: "PowerPoint and Keynote files cannot be shown as they are: export the deck as a PDF and upload the PDF.",
    fr: "Les fichiers PowerPoint et Keynote ne peuvent pas être affichés tels quels : exportez la présentation en PDF et téléversez le PDF.",
  },
  wrong_type_video: {
    en: "This file is not a video: upload an MP4, MOV, WebM or MKV file (or an audio file).",
    fr: "Ce fichier n'est pas une vidéo : téléversez un fichier MP4, MOV, WebM ou MKV (ou un fichier audio).",
  },
  wrong_type_slides: { en: "This file is not a PDF: upload the deck as a PDF.", fr: "Ce fichier n'est pas un PDF : téléversez la présentation en PDF." },
  wrong_type_image: { en: "This file is not a JPEG, PNG, GIF, WebP or AVIF image.", fr: "Ce fichier n'est pas une image JPEG, PNG, GIF, WebP ou AVIF." },
  part_number: { en: "This part is not part of the file.", fr: "Cette partie ne fait pas partie du fichier." },
  part_size: { en: "This part does not have the expected size.", fr: "Cette partie n'a pas la taille attendue." },
  not_uploading: { en: "This upload is finished or canceled: start a new one.", fr: "Ce téléversement est terminé ou annulé : recommencez-en un." },
  parts_missing: { en: "Some parts of the file have not arrived yet.", fr: "Certaines parties du fichier ne sont pas encore arrivées." },
  not_completed: { en: "The file has not finished uploading.", fr: "Le fichier n'a pas fini d'être téléversé." },
  image_upload_first: {
    en: "Upload the image first (POST /api/uploads), then send its upload id.",
    fr: "Téléversez d'abord l'image (POST /api/uploads), puis envoyez l'identifiant de son téléversement.",
  },
  wrong_upload: { en: "This upload was not made for this item.", fr: "Ce téléversement n'a pas été fait pour cet élément." },
  video_content_disabled: {
    en: "Video content is not enabled for this organization.",
    fr: "Le contenu vidéo n'est pas activé pour cette organisation.",
  },
} as const satisfies Record<string, LocalizedText>;

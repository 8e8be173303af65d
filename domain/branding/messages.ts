import type { LocalizedText } from "../validation/localized.ts";

/** Refusals of the branding images (their form and upload), in the server's languages. */
export const BRANDING_MESSAGES = {
  image_type: { en: "The image must be a JPEG, PNG, GIF, WebP or AVIF file.", fr: "L'image doit être un fichier JPEG, PNG, GIF, WebP ou AVIF." },
  image_conflict: { en: "Send a new image or remove it, not both.", fr: "Envoyez une nouvelle image ou retirez-la, pas les deux." },
  upload_id: { en: "This is not an upload id.", fr: "Ce n'est pas un identifiant de téléversement." },
} as const satisfies Record<string, LocalizedText>;

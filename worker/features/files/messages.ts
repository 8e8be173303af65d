import type { LocalizedText } from "../../../domain/validation/localized.ts";

/** Refusals of the signed file URLs (GET /api/files/{token}), en and fr (SPEC §1). */
export const FILE_MESSAGES = {
  // An expired and a tampered link read alike: the page that made it can make a fresh one.
  expired: { en: "This link has expired: reload the page to get a new one.", fr: "Ce lien a expiré : rechargez la page pour en obtenir un nouveau." },
  gone: { en: "This file no longer exists.", fr: "Ce fichier n'existe plus." },
} as const satisfies Record<string, LocalizedText>;

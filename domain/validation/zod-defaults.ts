/**
 * zod's own default issue texts (its en locale and the fr, de, pt, es ones) — what no answer may
 * carry (issue #14: every message is the spec's, domain/validation/issue-messages.ts). Used by the
 * tests that look for them (domain/validation/parse.test.ts, worker/test/fuzz); precise where a
 * product text starts alike ("Demasiados intentos" is ours, "Demasiado grande" zod's).
 */
export const ZOD_DEFAULTS =
  /^(Invalid|Too (small|big)|Unrecognized|Entrée invalide|Trop (petit|grand)|Clé|Option invalide|Chaîne de caractères invalide|Nombre invalide|Valeur invalide|Ungültig|Zu (klein|groß)|Unbekannte[rn]? Schlüssel|Entrada inválida|Demasiado (grande|pequeño|pequeno)|Opção inválida|Opción inválida|Valor inválido|Valor de discriminação|Texto inválido|Número inválido|Cadena inválida|Inválid[oa]|Chave|Llave)/;

/** zod's "expected string, received number" wording, in its five languages, wherever it sits. */
export const ZOD_WORDING = /\b(expected|esperado|se esperaba|attendu|erwartet)\b.*\b(received|recebido|recibido|reçu|erhalten)\b/i;

/** Whether a text is one of zod's default texts. */
export function isZodDefault(text: string): boolean {
  return ZOD_DEFAULTS.test(text) || ZOD_WORDING.test(text);
}

/**
 * The mutators of a webcast's embed apps (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` (part-rules.ts): the webcast exists and the actor may change it.
 */
export const EMBED_APP_MUTATORS = {} as const;

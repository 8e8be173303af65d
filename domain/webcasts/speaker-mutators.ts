/**
 * The mutators of a webcast's speakers (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` (part-rules.ts): the webcast exists and the actor may change it.
 */
export const SPEAKER_MUTATORS = {} as const;

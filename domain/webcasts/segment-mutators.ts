/**
 * The mutators of a webcast's segments (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` (part-rules.ts): the webcast exists and the actor may change it.
 */
export const SEGMENT_MUTATORS = {} as const;

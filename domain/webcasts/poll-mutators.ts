/**
 * The mutators of a webcast's polls and polling series (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` (part-rules.ts): the webcast exists and the actor may change it.
 */
export const POLL_MUTATORS = {} as const;

/**
 * The mutators of a webcast's resources (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` (part-rules.ts): the webcast exists and the actor may change it.
 */
export const RESOURCE_MUTATORS = {} as const;

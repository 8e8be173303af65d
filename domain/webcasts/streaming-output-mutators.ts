/**
 * The mutators of a webcast's streaming outputs (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` (part-rules.ts): the webcast exists and the actor may change it.
 */
export const STREAMING_OUTPUT_MUTATORS = {} as const;

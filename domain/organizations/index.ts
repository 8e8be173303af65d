export * from "./features.ts";
export * from "./limits.ts";
export * from "./messages.ts";
export * from "./organization.ts";
export * from "./people.ts";

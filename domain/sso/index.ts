export * from "./decision.ts";
export * from "./identity-provider.ts";
export * from "./messages.ts";

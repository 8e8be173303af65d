export * from "./codes.ts";
export * from "./messages.ts";

export * from "./client-messages.ts";
export * from "./errors.ts";
export * from "./frames.ts";
export * from "./server-messages.ts";
export * from "./version.ts";
export * from "./interaction-messages.ts";

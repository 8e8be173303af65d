export * from "./auth.ts";
export * from "./organizations.ts";
export * from "./sync.ts";
export * from "./users.ts";
export * from "./viewers.ts";
export * from "./webcasts.ts";
export * from "./webcast-parts.ts";
export * from "./dial-in.ts";

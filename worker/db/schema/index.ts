export * from "./organizations.ts";
export * from "./users.ts";

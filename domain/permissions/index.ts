export * from "./can.ts";
export * from "./permissions.ts";

import { sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** SPEC §3 Organization. Limits and feature flags are JSON objects typed in domain/organizations. */
export const organizations = sqliteTable("organizations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email"),
  phone: text("phone"),
  billing_address: text("billing_address"),
  po_number: text("po_number"),
  sales_rep: text("sales_rep"),
  is_billable: integer("is_billable", { mode: "boolean" }).notNull().default(false),
  billing_start_date: text("billing_start_date"),
  subscription_period: text("subscription_period"),
  identity_provider: text("identity_provider", { mode: "json" }),
  self_serve: integer("self_serve", { mode: "boolean" }).notNull().default(false),
  deactivated_at: text("deactivated_at"),
  rate_per_minute_live: real("rate_per_minute_live"),
  rate_per_minute_vod: real("rate_per_minute_vod"),
  rate_per_organizer: real("rate_per_organizer"),
  billable_organizers: integer("billable_organizers"),
  limits: text("limits", { mode: "json" }).$type<Record<string, number | null>>().notNull().default(sql`'{}'`),
  features: text("features", { mode: "json" }).$type<Record<string, boolean>>().notNull().default(sql`'{}'`),
  created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
  updated_at: text("updated_at").notNull().default(sql`CURRENT_TIMESTAMP`),
});

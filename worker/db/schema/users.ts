import { sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ORGANIZATION_ROLES } from "../../../domain/permissions/permissions.ts";
import { organizations } from "./organizations.ts";

/** SPEC §3 User. `email` is stored lower-cased; `password_hash` is "pbkdf2-sha256$iterations$salt$hash". */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  first_name: text("first_name"),
  last_name: text("last_name"),
  phone: text("phone"),
  company: text("company"),
  title: text("title"),
  organization: text("organization"),
  role: text("role"),
  communication_language: text("communication_language").notNull().default("fr"),
  status: text("status", { enum: ["pending", "active", "disabled"] }).notNull().default("pending"),
  photo: text("photo"),
  password_hash: text("password_hash"),
  is_super_admin: integer("is_super_admin", { mode: "boolean" }).notNull().default(false),
  /** Back-office administrator: the `back_office` role of domain/permissions, in every organization. */
  is_back_office: integer("is_back_office", { mode: "boolean" }).notNull().default(false),
  email_verified_at: text("email_verified_at"),
  /** Self sign-up still has to finish the setup step (/onboarding, POST /api/onboarding); 0 for everyone else. */
  onboarding_required: integer("onboarding_required", { mode: "boolean" }).notNull().default(false),
  created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
  updated_at: text("updated_at").notNull().default(sql`CURRENT_TIMESTAMP`),
});

/** A user's role in one organization (one role per organization). */
export const memberships = sqliteTable(
  "memberships",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
    created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.organization_id] })],
);

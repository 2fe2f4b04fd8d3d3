import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** The alternate landing layout's sections, in `position` order (landing-page module). */
export const landingSections = pgTable("landing_sections", {
  id: serial("id").primaryKey(),
  sectionType: text("section_type").notNull(),
  title: text("title").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  position: integer("position").notNull().default(0),
  configuration: jsonb("configuration").notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The landing page's other parts by key: "content" (editor tab), "featured", "charts", "seeded". */
export const landingPageParts = pgTable("landing_page_parts", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export type LandingSectionRow = typeof landingSections.$inferSelect;

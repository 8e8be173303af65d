import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** `column IN (…)` with one bound parameter, whatever the number of values (D1 allows 100 per statement). */
export function inJson(column: SQLWrapper, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema/index.ts";

function open(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof open>;

// One drizzle client per D1 binding: making one reads the whole schema's relations
// (`extractTablesRelationalConfig`), which a CPU profile of the viewers pull showed on every call.
const clients = new WeakMap<D1Database, Db>();

/** The drizzle client of a D1 binding (made once per binding; it keeps no state between queries). */
export function db(d1: D1Database): Db {
  let client = clients.get(d1);
  if (!client) {
    client = open(d1);
    clients.set(d1, client);
  }
  return client;
}

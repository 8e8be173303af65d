import type { OrganizationRole } from "../../../domain/permissions/permissions.ts";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CommitInput, ServerStore, Write } from "../../../domain/sync/server-store.ts";
import { SERVER_WRITTEN_TABLES, SYNC_CASCADES, type SyncCascade } from "../../../domain/sync/tables.ts";
import type { Change, MutationResult, OrganizationRules, RowQuery, SyncRow, SyncScope, SyncTable } from "../../../domain/sync/types.ts";
import { type Db, db } from "../../db/client.ts";
import { memberships, organizations, syncChanges, syncCompaction, syncMutations, syncScopes } from "../../db/schema/index.ts";
import { changesAfter, dropSuperseded, HEAD, headQuery, type LogEntry, logArms, readHead } from "./change-log.ts";
import { inJson } from "./sql.ts";
import { SYNCED_TABLES, SYNCED_TABLE_NAMES } from "./tables.ts";

/** The `table_name` of the placeholder entry that reserves a scope's reset point (never pulled: no synced table). */
const SCOPE_MARK = "scope_mark";

/**
 * The sync `ServerStore` port (domain/sync/server-store.ts) on D1.
 *
 * With `organizationId` the store is the view of one organization, as the organization's
 * OrganizationSync object uses it for pushes: reads see only that organization's rows and rules
 * (another tenant's row does not exist for its mutators) and a commit refuses writes elsewhere.
 * Without it (pull, and the push route's routing) it reads every organization.
 *
 * Callers serialize commits per organization; D1 runs each `commit`/`commitAll` as one batch (atomic).
 */
export class D1ServerStore implements ServerStore {
  private readonly database: Db;

  /**
   * `afterCommit` is told the writes of the commits that went through, once they are in D1 (the
   * webcasts' rooms re-read their row: worker/durable-objects.ts); it must not throw.
   */
  constructor(
    d1: D1Database,
    private readonly organizationId?: number,
    private readonly afterCommit?: (writes: readonly Write[]) => Promise<void>,
  ) {
    this.database = db(d1);
  }

  readonly read: ServerStore["read"] = {
    get: <T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> => SYNCED_TABLES[table].get(this.database, id, this.organizationId),
    list: async <T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> => {
      if (this.organizationId !== undefined && organizationId !== this.organizationId) return [];
      return SYNCED_TABLES[table].list(this.database, organizationId);
    },
    getMany: async <T extends SyncTable>(table: T, ids: readonly string[]): Promise<SyncRow<T>[]> => SYNCED_TABLES[table].getMany(this.database, ids, this.organizationId),
    count: async <T extends SyncTable>(table: T, organizationId: number, query: RowQuery<T>): Promise<number> => {
      if (this.organizationId !== undefined && organizationId !== this.organizationId) return 0;
      return SYNCED_TABLES[table].count(this.database, organizationId, query);
    },
    memberRole: async (organizationId: number, userId: number): Promise<OrganizationRole | undefined> => {
      if (this.organizationId !== undefined && organizationId !== this.organizationId) return undefined;
      const [row] = await this.database
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.organization_id, organizationId), eq(memberships.user_id, userId)));
      return row?.role;
    },
    organization: async (id: number): Promise<OrganizationRules | undefined> => {
      if (this.organizationId !== undefined && id !== this.organizationId) return undefined;
      const [row] = await this.database
        .select({ self_serve: organizations.self_serve, deactivated_at: organizations.deactivated_at, limits: organizations.limits, features: organizations.features })
        .from(organizations)
        .where(eq(organizations.id, id));
      return row;
    },
  };

  async recorded(mutationId: string): Promise<MutationResult | undefined> {
    return (await this.recordedMany([mutationId])).get(mutationId);
  }

  /** `recorded` for many ids in one query. */
  async recordedMany(mutationIds: readonly string[]): Promise<Map<string, MutationResult>> {
    if (mutationIds.length === 0) return new Map();
    const rows = await this.database.select().from(syncMutations).where(inJson(syncMutations.id, mutationIds));
    return new Map(rows.map((row) => [row.id, toResult(row)]));
  }

  /** Which organization each existing row belongs to, looked up across every synced table. */
  async organizationsOfRows(rowIds: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (rowIds.length === 0) return found;
    for (const table of SYNCED_TABLE_NAMES) {
      for (const row of await SYNCED_TABLES[table].organizationsOf(this.database, rowIds)) found.set(row.id, row.organization_id);
    }
    // A deleted row is known by its change log: its organization's mutators then refuse with the
    // row's own reason ("it was deleted") instead of the push's generic not_found.
    const gone = rowIds.filter((id) => !found.has(id));
    if (gone.length > 0) {
      const deleted = await this.database
        .select({ id: syncChanges.row_id, organization_id: syncChanges.organization_id })
        .from(syncChanges)
        .where(and(inJson(syncChanges.row_id, gone), eq(syncChanges.op, "del")));
      for (const row of deleted) found.set(row.id, row.organization_id);
    }
    return found;
  }

  async commit(input: CommitInput): Promise<number> {
    const [cursor] = await this.commitAll([input]);
    if (cursor === undefined) throw new Error("unreachable: one commit, one cursor");
    return cursor;
  }

  /**
   * One `D1.batch` (a transaction) for all of them. If it fails, one batch per commit in order,
   * stopping at the first that fails: a commit that can never succeed (its client-made id taken in
   * another organization) then holds back only itself and what follows, as the engine's contract
   * allows (`ServerStore.commitAll`). Throws when not even the first commit went through.
   */
  async commitAll(inputs: readonly CommitInput[]): Promise<number[]> {
    const cursors = await this.commitInOrder(inputs);
    if (this.afterCommit) await this.afterCommit(inputs.slice(0, cursors.length).flatMap((input) => input.writes));
    return cursors;
  }

  private async commitInOrder(inputs: readonly CommitInput[]): Promise<number[]> {
    try {
      return await this.batchCommits(inputs);
    } catch (error) {
      if (inputs.length <= 1) throw error;
      const cursors: number[] = [];
      for (const input of inputs) {
        try {
          cursors.push(...(await this.batchCommits([input])));
        } catch (failure) {
          if (cursors.length === 0) throw failure;
          break;
        }
      }
      return cursors;
    }
  }

  /**
   * One batch: the head first, then per commit its writes and change-log entries and its record,
   * which returns its cursor (the head after its writes); last, the written rows' older change-log
   * entries go (the log keeps each row's latest, change-log.ts).
   */
  private async batchCommits(inputs: readonly CommitInput[]): Promise<number[]> {
    const { database } = this;
    const head = headQuery(database);
    const statements: BatchItem<"sqlite">[] = [];
    const recordAt: number[] = [];
    const written = inputs.flatMap((input) => input.writes);
    for (const input of inputs) {
      for (const write of input.writes) {
        this.checkScope(write);
        statements.push(...writeStatements(database, write));
      }
      const { result } = input;
      recordAt.push(statements.length + 1);
      statements.push(
        database
          .insert(syncMutations)
          .values({
            id: result.id,
            user_id: input.userId,
            name: input.name ?? "",
            status: result.status,
            cursor: result.status === "applied" ? HEAD : null,
            error: result.status === "rejected" ? result.error : null,
          })
          .returning({ cursor: syncMutations.cursor }),
      );
    }
    if (written.length > 0) statements.push(dropSuperseded(database, written));
    // A batch of a variable length is untyped: its answers are read back at runtime.
    const results: readonly unknown[] = await database.batch([head, ...statements]);
    let cursor = readHead(results[0]);
    return recordAt.map((index) => {
      // A rejection writes nothing and stores no cursor: the head stays where it was.
      cursor = readCursor(results[index]) ?? cursor;
      return cursor;
    });
  }

  /**
   * Two round trips: the head and the page's change-log entries in one batch (`changesAfter`: about
   * `limit` entries read, whatever remains after the cursor), then those rows by id, one query per
   * table (on a reset, the organizations' snapshot beside the first).
   */
  async changesSince(cursor: number, scope: SyncScope, limit: number): Promise<{ changes: Change[]; cursor: number; more: boolean }> {
    const { database } = this;
    // A reset sends the tables kept partly outside the log whole, read after the head: as new as
    // any of their logged changes up to it (later ones come with the next pages).
    const whole = cursor === 0 ? SYNCED_TABLE_NAMES.filter((table) => SYNCED_TABLES[table].snapshot) : [];
    // Pages stop at the head read with them, so answering the head never skips a change committed
    // meanwhile (D1 has one writer: a later commit can only get a higher seq).
    const { head, entries } = await changesAfter(database, cursor, logArms(scope, whole), limit + 1);
    const more = entries.length > limit;
    const included = entries.slice(0, limit);
    const last = included.at(-1);
    const [snapshots, changes] = await Promise.all([Promise.all(whole.map((table) => snapshotOf(database, table, scope[table]))), changesOf(database, included)]);
    return {
      // Outside `limit`: counted in it, a page of them only would have no cursor to move on to.
      changes: [...snapshots.flat(), ...changes],
      // Without more rows the client may jump to the head: nothing it can see lies in between.
      cursor: more && last ? last.seq : Math.max(cursor, head),
      more,
    };
  }

  /** Below this cursor the log lost deletion entries to compaction (compaction.ts): a pull resets. */
  async oldestCursor(): Promise<number> {
    const [row] = await this.database.select({ oldest: syncCompaction.oldest_cursor }).from(syncCompaction).where(eq(syncCompaction.id, 1));
    return row?.oldest ?? 0;
  }

  /**
   * `sync_scopes` keeps each user's scope key. A new key (not the first) reserves a log position:
   * a placeholder entry is inserted, its `seq` stamped as the reset point and the entry deleted, in
   * one batch (AUTOINCREMENT never hands a used seq out again, so no real entry takes it).
   */
  async markScope(userId: number, scopeKey: string): Promise<number> {
    const known = await this.scopeOf(userId);
    if (known?.key === scopeKey) return known.resetBelow;
    if (!known) {
      await this.database.insert(syncScopes).values({ user_id: userId, scope_key: scopeKey, reset_below: 0 }).onConflictDoUpdate({ target: syncScopes.user_id, set: { scope_key: scopeKey } });
      return (await this.scopeOf(userId))?.resetBelow ?? 0;
    }
    const placeholder = { table_name: SCOPE_MARK, row_id: String(userId) };
    const reserved = sql<number>`(SELECT max(${syncChanges.seq}) FROM ${syncChanges} WHERE ${syncChanges.table_name} = ${SCOPE_MARK} AND ${syncChanges.row_id} = ${placeholder.row_id})`;
    await this.database.batch([
      this.database.insert(syncChanges).values({ organization_id: 0, ...placeholder, op: "put" }),
      this.database.update(syncScopes).set({ scope_key: scopeKey, reset_below: reserved }).where(eq(syncScopes.user_id, userId)),
      this.database.delete(syncChanges).where(and(eq(syncChanges.table_name, SCOPE_MARK), eq(syncChanges.row_id, placeholder.row_id))),
    ]);
    return (await this.scopeOf(userId))?.resetBelow ?? 0;
  }

  async scopeOf(userId: number): Promise<{ key: string; resetBelow: number } | undefined> {
    const [row] = await this.database.select().from(syncScopes).where(eq(syncScopes.user_id, userId));
    return row ? { key: row.scope_key, resetBelow: row.reset_below } : undefined;
  }

  private checkScope(write: Write): void {
    if (SERVER_WRITTEN_TABLES.has(write.table)) throw new Error(`sync: ${write.table} are not written through sync`);
    const rowOrganization = write.op === "put" ? write.row.organization_id : write.organization_id;
    if (rowOrganization !== write.organization_id || (this.organizationId !== undefined && write.organization_id !== this.organizationId)) {
      throw new Error(`sync: write to ${write.table}/${write.id} of organization ${rowOrganization} outside organization ${this.organizationId ?? write.organization_id}`);
    }
  }
}

/**
 * The statements of one write. The change-log entry takes its organization from the row itself:
 * after a put, a row that did not land (its id belongs to another organization, so the guarded
 * upsert left it alone) gives NULL and `organization_id NOT NULL` rolls the whole batch back; before
 * a delete, a row that is not there (or not this organization's) logs nothing, as nothing changed.
 */
function writeStatements(database: Db, write: Write): BatchItem<"sqlite">[] {
  const table = SYNCED_TABLES[write.table];
  const owner = table.ownedBy(write.id, write.organization_id);
  if (write.op === "del") {
    // Dependent rows first (their `del` entries precede the parent's), scoped to the organization.
    const children = (SYNC_CASCADES[write.table] ?? []).flatMap((child) => cascadeOf(database, child, write.id, write.organization_id));
    // INSERT … SELECT (drizzle's D1 batch cannot run raw SQL with parameters): every sync_changes column, in order.
    const entry = sql`SELECT NULL, ${owner}, ${write.table}, ${write.id}, 'del', CURRENT_TIMESTAMP WHERE ${owner} IS NOT NULL`;
    return [...children, database.insert(syncChanges).select(entry), table.delete(database, write.id, write.organization_id)];
  }
  return [putStatement(database, write), database.insert(syncChanges).values({ organization_id: owner, table_name: write.table, row_id: write.id, op: "put" })];
}

function cascadeOf(database: Db, child: SyncCascade, parentId: string, organizationId: number): BatchItem<"sqlite">[] {
  return SYNCED_TABLES[child.table].deleteChildren(database, child.column, parentId, organizationId);
}

// Generic in T so the table's adapter gets its own row type (a union of tables would not type-check).
function putStatement<T extends SyncTable>(database: Db, write: { table: T; row: SyncRow<T> }): BatchItem<"sqlite"> {
  return SYNCED_TABLES[write.table].put(database, write.row);
}

/**
 * The changes of a page's entries, in their order: each row's current state, read by id (one query
 * per table), or `del` when it is gone — or now belongs to another organization than its entry
 * (a client-made id reused after a delete): a change never shows another tenant's row.
 */
async function changesOf(database: Db, entries: readonly LogEntry[]): Promise<Change[]> {
  const tables = [...new Set(entries.map((entry) => entry.table))];
  const found = await Promise.all(tables.map((table) => rowsById(database, table, entries.filter((entry) => entry.table === table).map((entry) => entry.row_id))));
  const rows = new Map(tables.map((table, index) => [table, found[index]]));
  return entries.map((entry): Change => {
    const row = rows.get(entry.table)?.get(entry.row_id);
    return row && row.organization_id === entry.organization_id ? toChange(entry.table, row) : { table: entry.table, id: entry.row_id, op: "del" };
  });
}

async function rowsById(database: Db, table: SyncTable, ids: readonly string[]): Promise<Map<string, SyncRow>> {
  const rows: readonly SyncRow[] = await SYNCED_TABLES[table].getMany(database, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every row of a table kept partly outside the log, in these organizations, as puts. */
async function snapshotOf(database: Db, table: SyncTable, organizationIds: readonly number[]): Promise<Change[]> {
  const rows: readonly SyncRow[] = (await SYNCED_TABLES[table].snapshot?.(database, organizationIds)) ?? [];
  return rows.map((row) => toChange(table, row));
}

function toChange(table: SyncTable, row: SyncRow): Change {
  // The row was read from `table`: TypeScript cannot relate a union member to its table name.
  return { table, id: row.id, op: "put", row } as Change;
}

function readCursor(rows: unknown): number | null {
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return typeof first === "object" && first !== null && "cursor" in first && typeof first.cursor === "number" ? first.cursor : null;
}

function toResult(row: typeof syncMutations.$inferSelect): MutationResult {
  if (row.status === "rejected") return { id: row.id, status: "rejected", error: row.error ?? { code: "rejected", message: "" } };
  return { id: row.id, status: "applied", cursor: row.cursor ?? 0 };
}

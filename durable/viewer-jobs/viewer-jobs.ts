import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../worker/env.ts";

/**
 * The scratch space of the import being processed, in the object's own SQLite storage: the e-mails
 * the CSV reader has seen (`EmailIndex` of domain/viewers/csv-import.ts), so the reader's saved
 * state stays small whatever the file's size (~40 bytes a row would be 4 MB of JSON at 100,000
 * rows). The rows of a chunk that was not committed are forgotten before the step runs again.
 */
export interface ImportScratch {
  readonly emails: { get(email: string): number | undefined; set(email: string, row: number): unknown };
  /** Forgets the e-mails first seen after `row` (a chunk read but not committed). */
  forgetAfter(row: number): void;
  /** Writes the e-mails seen since the last flush (one statement): call once the chunk is read. */
  flush(): void;
  /** The counting pass's progress (JSON), kept between its steps. */
  readonly counting: { get(): unknown; set(value: unknown): void };
}

/** What one import step left: more steps, or the import has ended (finished, failed, canceled). */
export type ImportStepResult = "more" | "done";

/** Failures of one import's steps in a row before it is marked failed (retried with backoff meanwhile). */
export const IMPORT_STEP_ATTEMPTS = 4;
/** First retry delay of a failed step (doubled each time: 2, 4, 8 s). */
const RETRY_BASE_MS = 2_000;

const WEBCAST_KEY = "webcast_id";
const IMPORT_KEY = "import_id";
const FAILURES_KEY = "import_failures";
const INVITATIONS_KEY = "invitations";
const COUNTING_KEY = "counting";
/**
 * Tests only: alarms are set an hour ahead instead of now, so a test runs each step itself
 * (`runDurableObjectAlarm`) and can act between two chunks.
 */
export const MANUAL_ALARMS_KEY = "manual_alarms";

/**
 * One object per webcast (durable/stubs.ts `viewerJobsStub`): the webcast's background work, one
 * step per alarm, re-armed while work remains (Cloudflare's Durable Object alarms: one alarm at a
 * time, at-least-once, survive evictions and deploys):
 * - a CSV import of viewers (`startImport`): counting pass, then chunks read from R2 and each
 *   committed to D1 in one batch; canceled through D1 (`cancel_requested`) and `cancelImport`;
 * - the webcast's queued invitation e-mails (`kickInvitations`), in batches, re-armed at the time
 *   the next retry is due.
 * An import step goes first; invitations wait for the import to end. What a step does is injected by
 * the worker's subclass (worker/durable-objects.ts), so this layer never imports the worker's
 * features. The object's storage holds only its webcast, the running import, the reader's e-mails
 * and whether invitations are pending: D1 is the record of everything.
 */
export abstract class ViewerJobsObject extends DurableObject<Env> {
  /** One step of the import `importId` of `webcastId` (reads its D1 row; commits at most one chunk). */
  protected abstract importStep(webcastId: string, importId: string, scratch: ImportScratch): Promise<ImportStepResult>;
  /** Marks the import failed after its steps kept throwing (`IMPORT_STEP_ATTEMPTS`). */
  protected abstract importFailed(webcastId: string, importId: string, error: unknown): Promise<void>;
  /**
   * Sends a batch of the webcast's queued invitations. `retryAt`: epoch ms of the next batch or
   * retry due (now or sooner: at once), null when nothing is left queued.
   */
  protected abstract invitationStep(webcastId: string): Promise<{ retryAt: number | null }>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS import_emails (import_id TEXT NOT NULL, email TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (import_id, email)) WITHOUT ROWID");
  }

  /**
   * Starts processing the import (its D1 row is `importing`, its file in R2). The upload route lets
   * one import of a webcast run at a time (in D1), so an import still named here has ended in D1
   * (a step would find it so and stop): the new one replaces it.
   */
  async startImport(importId: string, webcastId?: string): Promise<void> {
    this.claim(webcastId);
    if (this.ctx.storage.kv.get<string>(IMPORT_KEY) !== importId) {
      this.endImport();
      this.ctx.storage.kv.put(IMPORT_KEY, importId);
    }
    await this.armSoon();
  }

  /**
   * The import's cancel was recorded in D1 (`cancel_requested`): the next step sees it before reading
   * anything, so the alarm is brought forward (a step being committed ends first).
   */
  async cancelImport(importId: string, webcastId?: string): Promise<void> {
    this.claim(webcastId);
    if (this.ctx.storage.kv.get<string>(IMPORT_KEY) === importId) await this.armSoon();
  }

  /** Invitations were queued for the webcast: send them in batches from the next alarm. */
  async kickInvitations(webcastId?: string): Promise<void> {
    this.claim(webcastId);
    this.ctx.storage.kv.put(INVITATIONS_KEY, true);
    await this.armSoon();
  }

  override async alarm(): Promise<void> {
    const webcastId = this.ctx.storage.kv.get<string>(WEBCAST_KEY);
    if (!webcastId) return;
    const importId = this.ctx.storage.kv.get<string>(IMPORT_KEY);
    if (importId) {
      await this.runImportStep(webcastId, importId);
      return;
    }
    if (!this.ctx.storage.kv.get<boolean>(INVITATIONS_KEY)) return;
    const { retryAt } = await this.invitationStep(webcastId);
    if (retryAt === null) this.ctx.storage.kv.delete(INVITATIONS_KEY);
    else await this.arm(Math.max(retryAt, Date.now()));
  }

  private async runImportStep(webcastId: string, importId: string): Promise<void> {
    let result: ImportStepResult;
    try {
      result = await this.importStep(webcastId, importId, this.scratch(importId));
      this.ctx.storage.kv.delete(FAILURES_KEY);
    } catch (error) {
      const failures = (this.ctx.storage.kv.get<number>(FAILURES_KEY) ?? 0) + 1;
      console.error(`viewer-jobs: import ${importId} step failed (${failures}/${IMPORT_STEP_ATTEMPTS})`, error);
      if (failures < IMPORT_STEP_ATTEMPTS) {
        this.ctx.storage.kv.put(FAILURES_KEY, failures);
        await this.arm(Date.now() + RETRY_BASE_MS * 2 ** (failures - 1));
        return;
      }
      // Throws again if D1 is down: the runtime retries the alarm, which comes back here.
      await this.importFailed(webcastId, importId, error);
      result = "done";
    }
    if (result === "done") this.endImport();
    // Next: the import's next chunk, or pending invitations.
    if (result === "more" || this.ctx.storage.kv.get<boolean>(INVITATIONS_KEY)) await this.armSoon();
  }

  private endImport(): void {
    this.ctx.storage.kv.delete(IMPORT_KEY);
    this.ctx.storage.kv.delete(FAILURES_KEY);
    this.ctx.storage.kv.delete(COUNTING_KEY);
    this.ctx.storage.sql.exec("DELETE FROM import_emails");
    this.index = null;
  }

  /** The e-mails index of the running import in this instance (rebuilt after a wake-up). */
  private index: EmailIndex | null = null;

  private scratch(importId: string): ImportScratch {
    const kv = this.ctx.storage.kv;
    if (this.index?.importId !== importId) this.index = new EmailIndex(this.ctx.storage.sql, importId);
    const index = this.index;
    return {
      emails: index,
      forgetAfter: (row) => index.forgetAfter(row),
      flush: () => index.flush(),
      counting: {
        get: () => kv.get(COUNTING_KEY),
        set: (value) => kv.put(COUNTING_KEY, value),
      },
    };
  }

  private armSoon(): Promise<void> {
    return this.arm(Date.now());
  }

  private async arm(at: number): Promise<void> {
    const manual = this.ctx.storage.kv.get<boolean>(MANUAL_ALARMS_KEY) === true;
    await this.ctx.storage.setAlarm(manual ? Date.now() + 3_600_000 : at);
  }

  /**
   * The object serves one webcast for life: a caller naming another one is a routing bug. Callers
   * may leave the webcast out (it is then the one already served, or the object's name: the stub is
   * `idFromName(webcastId)`).
   */
  private claim(webcastId?: string): string {
    const claimed = this.ctx.storage.kv.get<string>(WEBCAST_KEY);
    const named = webcastId ?? claimed ?? this.ctx.id.name;
    if (!named) throw new Error("viewer-jobs: called without a webcast before serving one");
    if (claimed === undefined) this.ctx.storage.kv.put(WEBCAST_KEY, named);
    else if (claimed !== named) throw new Error(`viewer-jobs: object of webcast ${claimed} called for ${named}`);
    return named;
  }
}

/** Bits of the Bloom filter in front of the stored e-mails (1 MiB: ~1 % false positives at 700,000 e-mails, a 50 MB file). */
const FILTER_BITS = 1 << 23;

/**
 * The e-mails an import's reader has seen (e-mail → row of its first occurrence), in the object's
 * SQLite: the reader asks about every row, and nearly every answer is "not seen". A Bloom filter in
 * memory answers those without a query (a "maybe" is looked up); new e-mails are kept in memory and
 * written in one statement per chunk (`flush`). The filter is rebuilt from storage after a wake-up.
 */
class EmailIndex {
  private readonly bits = new Uint8Array(FILTER_BITS / 8);
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly sql: SqlStorage,
    readonly importId: string,
  ) {
    for (const { email } of sql.exec<{ email: string }>("SELECT email FROM import_emails WHERE import_id = ?", importId)) this.add(email);
  }

  get(email: string): number | undefined {
    const pending = this.pending.get(email);
    if (pending !== undefined) return pending;
    if (!this.maybe(email)) return undefined;
    return this.sql.exec<{ row: number }>("SELECT row FROM import_emails WHERE import_id = ? AND email = ?", this.importId, email).toArray()[0]?.row;
  }

  set(email: string, row: number): void {
    this.pending.set(email, row);
    this.add(email);
  }

  flush(): void {
    if (this.pending.size === 0) return;
    this.sql.exec("INSERT OR REPLACE INTO import_emails (import_id, email, row) SELECT ?, key, value FROM json_each(?)", this.importId, JSON.stringify(Object.fromEntries(this.pending)));
    this.pending.clear();
  }

  /** Forgets what was seen after `row` (kept in the filter: a false "maybe" costs one lookup). */
  forgetAfter(row: number): void {
    this.pending.clear();
    this.sql.exec("DELETE FROM import_emails WHERE import_id = ? AND row > ?", this.importId, row);
  }

  private positions(email: string): [number, number, number] {
    // FNV-1a and a second multiplicative hash; three positions by double hashing.
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let index = 0; index < email.length; index++) {
      const code = email.charCodeAt(index);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995);
      b ^= b >>> 15;
    }
    const mask = FILTER_BITS - 1;
    return [a & mask, (a + b) & mask, (a + 2 * b) & mask];
  }

  private add(email: string): void {
    for (const bit of this.positions(email)) this.bits[bit >>> 3] = (this.bits[bit >>> 3] as number) | (1 << (bit & 7));
  }

  private maybe(email: string): boolean {
    return this.positions(email).every((bit) => ((this.bits[bit >>> 3] as number) & (1 << (bit & 7))) !== 0);
  }
}

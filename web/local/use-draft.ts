import { Dexie } from "dexie";
import { useCallback, useEffect, useRef, useState } from "react";
import { type WebcastDraft, sameDraft } from "../../domain/webcasts/draft.ts";
import type { LocalDatabase } from "./db.ts";
import { useSyncEngine } from "./session-sync.ts";

/** How long typing may pause before the draft is written to IndexedDB. */
export const DRAFT_AUTOSAVE_MS = 300;

export interface DraftHandle {
  /** The draft as edited (undefined until the stored draft has been read). */
  draft: WebcastDraft | undefined;
  /** True when the draft differs from the baseline (unsaved work). */
  dirty: boolean;
  /** True when the draft on screen came from IndexedDB (a draft left earlier, restored). */
  restored: boolean;
  update(fn: (draft: WebcastDraft) => WebcastDraft): void;
  /**
   * Empties the draft (both payloads, SPEC §4) and goes back to the baseline, or to `baseline`
   * when given (after a save: the saved values are the new starting point).
   */
  clear(baseline?: WebcastDraft): Promise<void>;
}

async function writeDraft(db: LocalDatabase, key: string, draft: WebcastDraft, baseline: WebcastDraft): Promise<void> {
  // A draft equal to where the form started is no draft: nothing to restore later.
  if (sameDraft(draft, baseline)) await db.drafts.delete(key);
  else await db.drafts.put({ key, details: { ...draft.details }, access: { ...draft.access }, updated_at: new Date().toISOString() });
}

/**
 * A webcast form's draft, autosaved to the user's IndexedDB (`drafts`, key `key`) a moment after
 * each change and when the page is hidden or the form unmounts, so it survives reloads, offline
 * use and browser restarts. `baseline` is what the form shows without a draft (a new webcast's
 * defaults, or the webcast as stored); a stored draft wins over it. Without a signed-in engine
 * (tests of the bare form) the draft lives in memory only.
 */
export function useWebcastDraft(key: string, baseline: WebcastDraft | undefined): DraftHandle {
  const engine = useSyncEngine();
  const db = engine?.db ?? null;
  const [draft, setDraft] = useState<WebcastDraft | undefined>(undefined);
  const [restored, setRestored] = useState(false);
  const latest = useRef<{ draft: WebcastDraft; baseline: WebcastDraft } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const baselineReady = baseline !== undefined;

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const current = latest.current;
    if (!db || !current) return;
    try {
      await writeDraft(db, key, current.draft, current.baseline);
    } catch (error) {
      // Signed out meanwhile: the user's database is closed (and being deleted), nothing to keep.
      if (!(error instanceof Dexie.DatabaseClosedError)) throw error;
    }
  }, [db, key]);

  // Load once per key, when the baseline is known.
  // Only the baseline's first value seeds the form: later changes of the stored row (a pull) must
  // not wipe what is being typed.
  useEffect(() => {
    if (!baselineReady || !baseline) return;
    let live = true;
    void (async () => {
      const stored = db ? await db.drafts.get(key) : undefined;
      if (!live) return;
      // Stored values over the baseline in both payloads: fields added since the draft was saved
      // get their current value.
      const initial: WebcastDraft = stored ? { details: { ...baseline.details, ...stored.details }, access: { ...baseline.access, ...stored.access } as WebcastDraft["access"] } : baseline;
      latest.current = { draft: initial, baseline };
      setRestored(stored !== undefined);
      setDraft(initial);
    })();
    return () => {
      live = false;
    };
  }, [db, key, baselineReady]);

  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onHide);
      void flush();
    };
  }, [flush]);

  const update = useCallback(
    (fn: (draft: WebcastDraft) => WebcastDraft) => {
      const current = latest.current;
      if (!current) return;
      const next = fn(current.draft);
      latest.current = { ...current, draft: next };
      setDraft(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    },
    [flush],
  );

  const clear = useCallback(async (nextBaseline?: WebcastDraft) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const current = latest.current;
    if (db) await db.drafts.delete(key);
    const base = nextBaseline ?? current?.baseline;
    if (base) {
      latest.current = { draft: base, baseline: base };
      setDraft(base);
    }
    setRestored(false);
  }, [db, key]);

  const dirty = draft !== undefined && latest.current !== null && !sameDraft(draft, latest.current.baseline);
  return { draft, dirty, restored, update, clear };
}

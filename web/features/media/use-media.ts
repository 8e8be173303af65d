import { useLiveQuery } from "dexie-react-hooks";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { MediaRow } from "../../../domain/media/record.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { useOnline } from "../pwa/use-online.ts";
import { type MediaAnswer, fetchMedia } from "./api.ts";

export interface MediaLibrary {
  /** The organization's videos as this device holds them (server rows plus pending changes), newest first. */
  rows: MediaRow[];
  /** Videos with a change of this device the server has not confirmed yet (made, edited). */
  pending: ReadonlySet<string>;
}

/** Newest first (ids are UUIDv7: creation order breaks ties). */
export const newestFirst = (a: MediaRow, b: MediaRow) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** The library of one organization, live from `view_media`: `undefined` while loading or signed out. */
export function useMediaLibrary(organizationId: number | undefined): MediaLibrary | undefined {
  const db = useLocalDatabase();
  return useLiveQuery(async () => {
    if (!db || organizationId === undefined) return undefined;
    const rows = await db.view_media.where("organization_id").equals(organizationId).toArray();
    const pending = new Set<string>();
    for (const entry of await db.outbox.toArray()) for (const key of entry.touched) if (key.table === "media") pending.add(key.id);
    return { rows: rows.sort(newestFirst), pending };
  }, [db, organizationId]);
}

/** Case- and accent-insensitive search of the title and description ("" keeps every video). */
export function matchesSearch(row: Pick<MediaRow, "title" | "description">, query: string): boolean {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLocaleLowerCase();
  const wanted = fold(query.trim());
  return wanted === "" || fold(row.title).includes(wanted) || fold(row.description ?? "").includes(wanted);
}

/** Signed URLs live 6 hours; an answer is reused for 5, for the same version of the row. */
const ANSWER_TTL_MS = 5 * 3_600_000;
const answers = new Map<string, { at: number; answer: Promise<MediaAnswer> }>();

function cachedAnswer(row: Pick<MediaRow, "id" | "updated_at" | "status">): Promise<MediaAnswer> {
  const key = `${row.id}:${row.updated_at}:${row.status}`;
  const cached = answers.get(key);
  if (cached && Date.now() - cached.at < ANSWER_TTL_MS) return cached.answer;
  const answer = fetchMedia(row.id);
  answers.set(key, { at: Date.now(), answer });
  // A failure is not kept: the next look asks again.
  answer.catch(() => answers.delete(key));
  return answer;
}

/**
 * The signed poster and file URLs of a video (GET /api/media/{id}), asked lazily: online, once its
 * card is near the screen (`target`), and only for a video that has a file. null meanwhile (the
 * card shows a placeholder), and offline.
 */
export function useMediaAnswer(row: Pick<MediaRow, "id" | "updated_at" | "status" | "file_name" | "source">, target: RefObject<Element | null>): MediaAnswer | null {
  const online = useOnline();
  const [visible, setVisible] = useState(false);
  const [answer, setAnswer] = useState<{ key: string; value: MediaAnswer } | null>(null);
  const key = `${row.id}:${row.updated_at}:${row.status}`;
  const hasFile = row.status !== "created";
  const rowRef = useRef(row);
  rowRef.current = row;

  useEffect(() => {
    const element = target.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === "undefined") return setVisible(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, visible]);

  useEffect(() => {
    if (!online || !visible || !hasFile) return;
    let live = true;
    cachedAnswer(rowRef.current).then(
      (value) => {
        if (live) setAnswer({ key, value });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [online, visible, hasFile, key]);

  return answer?.key === key ? answer.value : null;
}

import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SlidesAnswer, SlidesRow } from "../../../domain/slides/record.ts";
import { useOnline } from "../pwa/use-online.ts";
import { useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { fetchAudienceSlides, fetchSlides } from "./api.ts";
import { deckDocument, openedDeck } from "./pdf-document.ts";
import { freshUrl, rememberUrl } from "./signed-url.ts";

/**
 * A webcast's deck as a screen shows it: the row (staff: live from Dexie; the audience: from the
 * server), then its PDF opened with pdf.js from a signed URL. States:
 * - `loading`: the row or the document is on its way;
 * - `none`: the webcast has no deck (the audience: none approved);
 * - `ready`: the document is open (kept for the page's life: offline too, tabs share it);
 * - `error`: it could not be opened (`retry`);
 * - `offline`: there is a deck, but no copy of it on this page and no network to fetch one.
 *
 * The document is kept by the deck's file (id and R2 key: approving changes the row, not the
 * file, so the PDF is not fetched again); the signed URL by the row's version (`updated_at`), asked
 * for again when the row changes or the URL is near its expiry (./signed-url.ts).
 */

/** What screens read of a deck (a synced row or the audience's answer). */
export type DeckFacts = Pick<SlidesRow, "id" | "webcast_id" | "file_name" | "page_count" | "approved" | "updated_at">;

export type DeckState =
  | { status: "loading"; deck: DeckFacts | null }
  | { status: "none" }
  | { status: "ready"; deck: DeckFacts; document: PDFDocumentProxy }
  | { status: "error"; deck: DeckFacts; retry(): void }
  | { status: "offline"; deck: DeckFacts };

interface DeckSource {
  deck: DeckFacts;
  /** Names the deck's bytes: the opened document is kept under it. */
  fileKey: string;
  /** Names this version of the row: its signed URL is kept under it. */
  urlKey: string;
  /** A URL that came with the row (the audience's answer carries one). */
  url?: string;
  /** A fresh signed URL from the server; null when the server no longer has this deck. */
  fetchUrl(): Promise<string | null>;
}

type Outcome = { document: PDFDocumentProxy } | "error" | "offline" | "gone";

const newestFirst = (a: SlidesRow, b: SlidesRow) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id);

/** The webcast's deck row, live from the device (undefined while loading, null without one). */
export function useDeckRow(webcastId: string): SlidesRow | null | undefined {
  const parts = useWebcastParts("slides", webcastId, newestFirst);
  return parts === undefined ? undefined : (parts.rows[0] ?? null);
}

/** The deck of a webcast for its staff (control room, speakers): the row from Dexie, the URL from GET …/slides. */
export function useDeck(webcastId: string): DeckState {
  return useStaffDeck(useDeckRow(webcastId));
}

/** `useDeck` for a row already read (`useDeckRow`). */
export function useStaffDeck(row: SlidesRow | null | undefined): DeckState {
  const source: DeckSource | null | undefined = row
    ? {
        deck: row,
        fileKey: `${row.id}:${row.file_key}`,
        urlKey: `${row.id}:${row.updated_at}`,
        fetchUrl: async () => {
          const answer = await fetchSlides(row.webcast_id);
          // Another deck on the server: this row is about to be replaced by the next pull.
          return answer?.id === row.id ? answer.file_url : null;
        },
      }
    : row;
  return useDeckDocument(source);
}

/** How often the audience's page asks again whether the deck changed (approved, replaced), at most. */
export const AUDIENCE_RECHECK_MS = 15_000;

/**
 * The deck the audience may see (approved), read with the page's room token. Asked once, then again
 * when `recheck` changes (the room moved to another slide), at most every AUDIENCE_RECHECK_MS (a
 * change within that time is asked about once it has passed): a deck approved or replaced during
 * the show reaches viewers with the next slide change.
 */
export function useAudienceDeck(uid: string, token: string, recheck: unknown): DeckState {
  const [answer, setAnswer] = useState<SlidesAnswer | null | undefined>(undefined);
  const asked = useRef(0);
  // An answer counts while the page is mounted for the same link (a slide change meanwhile does not void it).
  const link = useRef<string | null>(null);
  useEffect(() => {
    link.current = `${uid} ${token}`;
    return () => {
      link.current = null;
    };
  }, [uid, token]);
  useEffect(() => {
    const ask = () => {
      const from = `${uid} ${token}`;
      asked.current = Date.now();
      fetchAudienceSlides(uid, token).then(
        (found) => {
          if (link.current === from) setAnswer(found);
        },
        // Unreachable or refused (an expired link): what was shown stays.
        () => {
          if (link.current === from) setAnswer((shown) => (shown === undefined ? null : shown));
        },
      );
    };
    const wait = asked.current === 0 ? 0 : asked.current + AUDIENCE_RECHECK_MS - Date.now();
    if (wait <= 0) return void ask();
    const timer = setTimeout(ask, wait);
    return () => clearTimeout(timer);
  }, [uid, token, recheck]);
  const source: DeckSource | null | undefined = answer
    ? {
        deck: answer,
        fileKey: `${answer.id}:${answer.updated_at}`,
        urlKey: `${answer.id}:${answer.updated_at}`,
        url: answer.file_url,
        fetchUrl: async () => {
          const again = await fetchAudienceSlides(uid, token);
          return again?.id === answer.id ? again.file_url : null;
        },
      }
    : answer;
  return useDeckDocument(source);
}

/** Opens the source's document (once per page for its file) and says where it stands. */
function useDeckDocument(source: DeckSource | null | undefined): DeckState {
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ fileKey: string; attempt: number; result: Outcome } | null>(null);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const fileKey = source?.fileKey;
  const urlKey = source?.urlKey;
  const latest = useRef(source);
  latest.current = source;

  useEffect(() => {
    const current = latest.current;
    if (!current || openedDeck(current.fileKey)) return;
    let live = true;
    const settle = (result: Outcome) => {
      if (live) setOutcome({ fileKey: current.fileKey, attempt, result });
    };
    void (async () => {
      if (current.url && !freshUrl(current.urlKey)) rememberUrl(current.urlKey, current.url);
      let url = freshUrl(current.urlKey);
      if (!url) {
        if (!online) return settle("offline");
        try {
          url = await current.fetchUrl();
        } catch {
          return settle(navigator.onLine ? "error" : "offline");
        }
        if (!url) return settle("gone");
        rememberUrl(current.urlKey, url);
      }
      try {
        settle({ document: await deckDocument(current.fileKey, url) });
      } catch {
        settle(navigator.onLine ? "error" : "offline");
      }
    })();
    return () => {
      live = false;
    };
  }, [fileKey, urlKey, online, attempt]);

  if (source === undefined) return { status: "loading", deck: null };
  if (source === null) return { status: "none" };
  const { deck } = source;
  const opened = openedDeck(source.fileKey);
  if (opened) return { status: "ready", deck, document: opened };
  const result = outcome?.fileKey === source.fileKey && outcome.attempt === attempt ? outcome.result : null;
  if (result === null || result === "gone" || (result === "offline" && online)) return { status: "loading", deck };
  if (result === "offline") return { status: "offline", deck };
  if (result === "error") return { status: "error", deck, retry };
  return { status: "ready", deck, document: result.document };
}

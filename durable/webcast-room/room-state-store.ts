import type { RoomState } from "../../domain/protocol/index.ts";

type RoomStateRow = {
  revision: number;
  announcement_text: string | null;
  announcement_connection_id: string | null;
  announcement_sent_at: number | null;
};

/** Reads the room's state from its SQLite database (the single row written by migration 0000). */
export function loadRoomState(sql: SqlStorage): RoomState {
  const row = sql
    .exec<RoomStateRow>("SELECT revision, announcement_text, announcement_connection_id, announcement_sent_at FROM room_state WHERE id = 1")
    .one();
  const announcement =
    row.announcement_text !== null && row.announcement_connection_id !== null && row.announcement_sent_at !== null
      ? { text: row.announcement_text, connectionId: row.announcement_connection_id, sentAt: row.announcement_sent_at }
      : null;
  return { revision: row.revision, announcement };
}

export function saveRoomState(sql: SqlStorage, state: RoomState): void {
  const { announcement } = state;
  sql.exec(
    "UPDATE room_state SET revision = ?, announcement_text = ?, announcement_connection_id = ?, announcement_sent_at = ? WHERE id = 1",
    state.revision,
    announcement?.text ?? null,
    announcement?.connectionId ?? null,
    announcement?.sentAt ?? null,
  );
}

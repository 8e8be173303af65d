import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { CHAT_BODY_MAX, CHAT_HISTORY_DEFAULT_LIMIT } from "../../../domain/chat/record.ts";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { confirm } from "../../ui/confirm.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import type { InteractionsState } from "../webcast-room/room-state.ts";
import "./chat.css";

export interface ChatPanelProps {
  interactions: Pick<InteractionsState, "chat" | "chat_more" | "participant_id">;
  request(command: RoomCommand): Promise<RequestOutcome>;
  /** Moderators (questions.manage) may delete messages. */
  canModerate: boolean;
  /** Reads older messages (staff: GET chat-messages?before=); absent: no "load older". */
  loadOlder?: (before: string) => Promise<ChatMessageView[]>;
  /** Puts the older messages read into the room's copy (`more`: still older ones exist). */
  onOlder?: (messages: ChatMessageView[], more: boolean) => void;
}

interface Target {
  id: string;
  name: string;
}

/** A body's length as the rule counts it (code points, domain/chat/record.ts). */
const lengthOf = (body: string) => [...body].length;

/**
 * The chat: its messages (plain text, rendered as React text nodes: a body is never HTML), a send
 * box limited to CHAT_BODY_MAX characters with its counter, private replies ("reply privately" on
 * a message), the room's warning when the target is not connected, older messages for staff, and
 * deletion (with confirmation) for moderators.
 */
export function ChatPanel({ interactions, request, canModerate, loadOlder, onOlder }: ChatPanelProps) {
  const { t, i18n } = useLingui();
  // A guest has no name (room tokens carry none): shown as "A participant", like an unnamed question's asker.
  const nameOf = (message: Pick<ChatMessageView, "sender_name">) => (message.sender_name.trim() === "" ? t`A participant` : message.sender_name);
  const [body, setBody] = useState("");
  const [target, setTarget] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "error" | "warning"; text: string } | null>(null);
  const [older, setOlder] = useState<"idle" | "loading" | "failed">("idle");
  const fieldId = useId();
  const length = lengthOf(body);
  const tooLong = length > CHAT_BODY_MAX;
  const messages = interactions.chat;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (body.trim() === "" || tooLong || busy) return;
    setBusy(true);
    setNotice(null);
    const command: RoomCommand = target ? { type: "chat.send", body, target_id: target.id, target_name: target.name } : { type: "chat.send", body };
    const outcome = await request(command);
    setBusy(false);
    if (!outcome.ok) {
      if (outcome.code !== "closed") setNotice({ tone: "error", text: outcome.errors?.body?.[0] ?? outcome.message });
      return;
    }
    setBody("");
    const result = outcome.result as { warning?: { message?: unknown } | null } | undefined;
    if (typeof result?.warning?.message === "string") setNotice({ tone: "warning", text: result.warning.message });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter goes to a new line (as in most chats).
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const remove = async (message: ChatMessageView) => {
    const accepted = await confirm({
      title: t`Delete this message?`,
      message: t`The message by ${nameOf(message)} is removed for everyone. This cannot be undone.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (!accepted) return;
    const outcome = await request({ type: "chat.delete", message_id: message.id });
    if (!outcome.ok && outcome.code !== "closed") setNotice({ tone: "error", text: outcome.message });
  };

  const readOlder = async () => {
    const oldest = messages[0];
    if (!loadOlder || !oldest) return;
    setOlder("loading");
    try {
      const found = await loadOlder(oldest.id);
      onOlder?.(found, found.length >= CHAT_HISTORY_DEFAULT_LIMIT);
      setOlder("idle");
    } catch {
      setOlder("failed");
    }
  };

  const time = (at: number) => new Date(at).toLocaleTimeString(i18n.locale, { hour: "2-digit", minute: "2-digit" });

  return (
    <div className="chat" data-testid="chat">
      {loadOlder && interactions.chat_more && messages.length > 0 ? (
        <p className="chat__older">
          <button type="button" className="button" disabled={older === "loading"} aria-busy={older === "loading" || undefined} onClick={() => void readOlder()} data-testid="chat-older">
            <Trans>Load older messages</Trans>
          </button>
          {older === "failed" ? (
            <span role="alert" className="chat__older-error">
              {" "}
              <Trans>Older messages could not be loaded.</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="muted" data-testid="chat-empty">
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ol className="chat__messages" aria-label={t`Chat messages`} aria-live="polite" data-testid="chat-messages">
          {messages.map((message) => {
            const own = message.sender_id === interactions.participant_id;
            return (
              <li key={message.id} className="chat__message" data-private={message.is_private} data-deleted={message.deleted} data-testid="chat-message">
                <p className="chat__meta">
                  <strong>{nameOf(message)}</strong> <time dateTime={new Date(message.sent_at).toISOString()}>{time(message.sent_at)}</time>
                  {message.is_private ? (
                    <span className="badge" data-testid="chat-private">
                      {message.target_name ? <Trans>Private to {message.target_name}</Trans> : <Trans>Private</Trans>}
                    </span>
                  ) : null}
                </p>
                {message.deleted ? (
                  <p className="chat__body muted">
                    <Trans>Message deleted</Trans>
                  </p>
                ) : (
                  <p className="chat__body" data-testid="chat-body">
                    {message.body}
                  </p>
                )}
                {message.delivered === false ? (
                  <p className="muted">
                    <Trans>Not delivered: they were not connected.</Trans>
                  </p>
                ) : null}
                {message.deleted ? null : (
                  <span className="chat__actions">
                    {own ? null : (
                      <button type="button" className="button" onClick={() => setTarget({ id: message.sender_id, name: nameOf(message) })} data-testid="chat-reply">
                        <Trans>Reply privately</Trans>
                      </button>
                    )}
                    {canModerate ? (
                      <button type="button" className="button" onClick={() => void remove(message)} aria-label={t`Delete the message by ${nameOf(message)}`} data-testid="chat-delete">
                        <Trans>Delete</Trans>
                      </button>
                    ) : null}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <form className="chat__form" onSubmit={(event) => void send(event)} data-testid="chat-form">
        {target ? (
          <p className="chat__target" data-testid="chat-target">
            <Trans>Private message to {target.name}</Trans>{" "}
            <button type="button" className="button" onClick={() => setTarget(null)} data-testid="chat-target-clear">
              <Trans>Send to everyone instead</Trans>
            </button>
          </p>
        ) : null}
        <label htmlFor={fieldId} className="field__label">
          {target ? <Trans>Private message</Trans> : <Trans>Message</Trans>}
        </label>
        <textarea
          id={fieldId}
          className="field__input"
          rows={2}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${fieldId}-count`}
          data-testid="chat-input"
        />
        <div className="chat__send">
          <span id={`${fieldId}-count`} className="chat__count" data-over={tooLong} data-testid="chat-count">
            {t`${length} / ${CHAT_BODY_MAX}`}
            {tooLong ? <span className="visually-hidden">{t`Too long: at most ${CHAT_BODY_MAX} characters.`}</span> : null}
          </span>
          <button type="submit" className="button button--primary" disabled={busy || tooLong || body.trim() === ""} aria-busy={busy || undefined} data-testid="chat-send">
            <Trans>Send</Trans>
          </button>
        </div>
        {notice ? (
          <p className="form-alert" data-tone={notice.tone === "warning" ? "info" : undefined} role={notice.tone === "error" ? "alert" : "status"} data-testid="chat-notice">
            {notice.text}
          </p>
        ) : null}
      </form>
    </div>
  );
}

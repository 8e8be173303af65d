import { Trans, useLingui } from "@lingui/react/macro";
import type { OutboxItem } from "./interaction-outbox.ts";
import "./queued-interactions.css";

/**
 * The reader's questions or chat messages not yet in the room (interaction-outbox.ts): each with
 * its text and where it is, "Waiting for the network…" while disconnected, then sent.
 */
export function QueuedInteractions({ items, type }: { items: readonly OutboxItem[]; type: OutboxItem["command"]["type"] }) {
  const { t } = useLingui();
  const mine = items.filter((item) => item.command.type === type);
  if (mine.length === 0) return null;
  return (
    <ul className="queued-interactions" aria-label={type === "question.ask" ? t`Your questions on their way` : t`Your messages on their way`} aria-live="polite" data-testid={`queued-${type}`}>
      {mine.map((item) => (
        <li key={item.id} className="queued-interactions__item" data-state={item.state} data-testid="queued-item">
          <span className="queued-interactions__text">{item.command.type === "question.ask" ? item.command.text : item.command.body}</span>{" "}
          <span className="badge" data-testid="queued-state">
            {item.state === "waiting" ? <Trans>Waiting for the network…</Trans> : item.state === "sending" ? <Trans>Sending…</Trans> : <Trans>Sent</Trans>}
          </span>
        </li>
      ))}
    </ul>
  );
}

import { Trans } from "@lingui/react/macro";
import { useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { useSyncEngine } from "../../local/session-sync.ts";
import type { ClientMutators } from "../../local/sync-engine.ts";
import { FormAlert } from "../../ui/form.tsx";
import { useOnline } from "../pwa/use-online.ts";
import { refusalText } from "./form-support.ts";

export interface PartRefusal {
  message: string;
  /** Field errors by the mutator's field names (`name`, `rtmp_url`, `speakers.2.user_id`…). */
  errors: Record<string, string[]>;
}

/**
 * Runs the mutators of a webcast's parts (speakers, segments, streaming outputs) straight from a
 * screen: applied to the replica at once and queued, so they work offline. A refusal the device
 * can judge (validation, a known limit, a lost permission) is kept to be shown; `run` then answers
 * false and nothing was queued. One change at a time (`busy`).
 */
export function usePartMutations() {
  const engine = useSyncEngine();
  const [refusal, setRefusal] = useState<PartRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const run = useCallback(
    async <N extends keyof ClientMutators & string>(name: N, args: z.input<ClientMutators[N]["args"]>): Promise<boolean> => {
      if (!engine || running.current) return false;
      running.current = true;
      setBusy(true);
      setRefusal(null);
      try {
        await engine.mutate(name, args);
        return true;
      } catch (error) {
        const refused = refusalText(error);
        if (!refused) throw error;
        setRefusal(refused);
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [engine],
  );

  return { run, refusal, busy, clearRefusal: useCallback(() => setRefusal(null), []) };
}

/** A refusal's message, then its field messages not already said (e.g. the limit, said twice). */
export function RefusalAlert({ refusal, shownFields = [] }: { refusal: PartRefusal | null; shownFields?: readonly string[] }) {
  if (!refusal) return null;
  const details = [
    ...new Set(
      Object.entries(refusal.errors)
        .filter(([field]) => !shownFields.includes(field))
        .flatMap(([, messages]) => messages),
    ),
  ].filter((message) => message !== refusal.message);
  return (
    <FormAlert>
      <span data-testid="part-refusal">{refusal.message}</span>
      {details.length > 0 ? (
        <ul className="form-alert__details">
          {details.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </FormAlert>
  );
}

/** Offline, what a change does (saved here, sent later); nothing online. */
export function OfflineChangesNote() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="muted" data-testid="offline-changes-note">
      <Trans>You are offline: changes are saved on this device and sent when you are back online.</Trans>
    </p>
  );
}

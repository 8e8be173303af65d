import { Trans, useLingui } from "@lingui/react/macro";
import type { ViewerApiError } from "./api.ts";

/**
 * A refusal of the access API, as the server said it (in the viewer's language); unreachable
 * server → our own sentence. A refused link or PIN (401) offers a new link; a 429 says when to retry.
 */
export function AccessError({ error, onNewLink }: { error: ViewerApiError | null; onNewLink?: (() => void) | undefined }) {
  const { t } = useLingui();
  if (!error) return null;
  const message = error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : error.message;
  return (
    <div className="form-alert" role="alert" data-testid="access-error">
      <p>{message}</p>
      {error.status === 401 && onNewLink ? (
        <button type="button" className="button" onClick={onNewLink} data-testid="send-new-link">
          <Trans>Send a new link</Trans>
        </button>
      ) : null}
    </div>
  );
}

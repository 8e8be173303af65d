import { Trans } from "@lingui/react/macro";

/**
 * The room answered that it runs a newer version of the application (protocol `reload` frame): the
 * page cannot go on until it is reloaded. Shown by every page of the room (control room, audience
 * preview, the viewer page), each in its own box style.
 */
export function ReloadRequired({ className, testId }: { className: string; testId?: string }) {
  return (
    <div className={className} data-tone="warning" role="alert" {...(testId ? { "data-testid": testId } : {})}>
      <Trans>The webcast room runs a newer version of the application: reload this page to go on.</Trans>{" "}
      <button type="button" className="button" onClick={() => location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}

import { Trans } from "@lingui/react/macro";

export function ReadOnlyNote() {
  return (
    <p className="callout" data-tone="info" data-testid="read-only-note">
      <Trans>You can view this tab but not change it.</Trans>
    </p>
  );
}

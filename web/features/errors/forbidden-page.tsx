import { Trans } from "@lingui/react/macro";
import { ErrorPage } from "./error-page.tsx";

export function ForbiddenPage() {
  return (
    <ErrorPage code={403} testId="forbidden-page" title={<Trans>Access denied</Trans>}>
      <Trans>You do not have permission to view this page. If you think this is a mistake, contact an administrator of your organization.</Trans>
    </ErrorPage>
  );
}

import { Trans } from "@lingui/react/macro";
import { ErrorPage } from "./error-page.tsx";

export function NotFoundPage() {
  return (
    <ErrorPage code={404} testId="not-found-page" title={<Trans>Page not found</Trans>}>
      <Trans>The page you are looking for does not exist or has been moved. Check the address, or start again from the home page.</Trans>
    </ErrorPage>
  );
}

import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { PageTitle } from "../../ui/page-title.tsx";

export function NotFoundPage() {
  return (
    <section className="error-page" data-testid="not-found-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <PageTitle>
        <Trans>Page not found</Trans>
      </PageTitle>
      <p>
        <Trans>The page you are looking for does not exist or has been moved. Check the address, or start again from the home page.</Trans>
      </p>
      <Link to="/home" className="button button--primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}

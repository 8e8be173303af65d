import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { PageTitle } from "../../ui/page-title.tsx";

export function ForbiddenPage() {
  return (
    <section className="error-page" data-testid="forbidden-page">
      <p className="error-page__code" aria-hidden="true">
        403
      </p>
      <PageTitle>
        <Trans>Access denied</Trans>
      </PageTitle>
      <p>
        <Trans>You do not have permission to view this page. If you think this is a mistake, contact an administrator of your organization.</Trans>
      </p>
      <Link to="/home" className="button button--primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}

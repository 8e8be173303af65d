import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PageTitle } from "../../ui/page-title.tsx";

/** The layout shared by the 403 and 404 pages: big code, title, explanation, a way home. */
export function ErrorPage(props: { code: number; testId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="error-page" data-testid={props.testId}>
      <p className="error-page__code" aria-hidden="true">
        {props.code}
      </p>
      <PageTitle>{props.title}</PageTitle>
      <p>{props.children}</p>
      <Link to="/home" className="button button--primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}

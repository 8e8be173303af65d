import { useLingui } from "@lingui/react/macro";
import { Link, Outlet } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "../../i18n/language-switcher.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { ThemeToggle } from "../../ui/theme-toggle.tsx";
import { APP_NAME } from "../shell/use-document-title.ts";

/** The minimal layout of the sign-in, sign-up and password screens: logo, language, theme. */
export function PublicLayout() {
  const { t } = useLingui();
  return (
    <div className="public-layout" data-testid="public-layout">
      <header className="public-layout__header">
        <Link to="/login" className="public-layout__brand" aria-label={t`${APP_NAME} — log in`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{APP_NAME}</span>
        </Link>
        <div className="public-layout__tools">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="public-layout__main">
        <Outlet />
      </main>
    </div>
  );
}

/** One screen of the public layout: a centred card with the page title. */
export function AuthCard({ title, children, testId, wide }: { title: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <section className="auth-card" data-wide={wide === true} data-testid={testId}>
      <PageTitle>{title}</PageTitle>
      {children}
    </section>
  );
}

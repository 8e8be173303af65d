import { useLingui } from "@lingui/react/macro";
import { Outlet, useLocation } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { belowBreakpoint } from "../../../domain/ui/constants.ts";
import { MainNav } from "../navigation/main-nav.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { Header } from "./header.tsx";

/** Layout of every regular screen. Below the `sm` breakpoint the menu collapses behind a toggle. */
export function AppShell() {
  const { t } = useLingui();
  const navId = useId();
  const mainRef = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });

  // A navigation closes the collapsed menu, and so does widening past `sm` (the menu is always shown there).
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    const query = globalThis.matchMedia?.(belowBreakpoint("sm"));
    const onChange = () => {
      if (!query?.matches) setMenuOpen(false);
    };
    query?.addEventListener("change", onChange);
    return () => query?.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <div className="app-shell" data-testid="app-shell">
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t`Skip to content`}
      </a>
      <Header navId={navId} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className="app-body">
        <MainNav id={navId} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
          <Breadcrumbs />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

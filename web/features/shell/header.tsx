import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { LanguageSwitcher } from "../../i18n/language-switcher.tsx";
import { ThemeToggle } from "../../ui/theme-toggle.tsx";
import { OfflineIndicator } from "../pwa/offline-indicator.tsx";
import { SyncIndicator } from "../sync/sync-indicator.tsx";
import { APP_NAME } from "./use-document-title.ts";
import { UserMenu } from "./user-menu.tsx";

interface HeaderProps {
  navId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function Header({ navId, menuOpen, onToggleMenu }: HeaderProps) {
  const { t } = useLingui();
  return (
    <header className="app-header">
      <button
        type="button"
        className="app-header__menu-toggle"
        aria-controls={navId}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      >
        <span className="hamburger" aria-hidden="true" />
        <span className="visually-hidden">{menuOpen ? t`Close menu` : t`Open menu`}</span>
      </button>
      <Link to="/home" className="app-header__brand">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>{APP_NAME}</span>
      </Link>
      <div className="app-header__tools">
        <OfflineIndicator />
        <SyncIndicator />
        <LanguageSwitcher />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}

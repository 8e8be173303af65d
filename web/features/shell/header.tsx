import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { LanguageSwitcher } from "../../i18n/language-switcher.tsx";
import { ThemeToggle } from "../../ui/theme-toggle.tsx";
import { OfflineIndicator } from "../pwa/offline-indicator.tsx";
import { useLocalDatabase } from "../../local/session-sync.ts";
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
  // Signed in, the sync indicator says "Offline" itself (it is shown whenever there is a database).
  const syncShown = useLocalDatabase() !== null;
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
      {/* The name is hidden below sm; the link keeps it as its accessible name at every width. */}
      <Link to="/home" className="app-header__brand" aria-label={APP_NAME}>
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>{APP_NAME}</span>
      </Link>
      <div className="app-header__tools">
        <OfflineIndicator announceOnly={syncShown} />
        <SyncIndicator />
        <LanguageSwitcher />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}

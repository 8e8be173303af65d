import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { logout } from "../session/api.ts";
import { useCurrentUser } from "../session/store.ts";

/**
 * The header's user menu (SPEC §2): Profile, Password, Admin panel (super admins), Logout.
 * A WAI-ARIA menu button: Enter/Space/↓ open on the first item, ↑ on the last; ↑/↓/Home/End move;
 * Escape closes back to the button; Tab or a click elsewhere closes.
 */
export function UserMenu() {
  const user = useCurrentUser();
  if (!user) {
    return (
      <Link to="/login" className="button user-menu__login" data-testid="login-link">
        <Trans>Log in</Trans>
      </Link>
    );
  }
  return <SignedInMenu user={user} />;
}

function SignedInMenu({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last">("first");
  const [leaving, setLeaving] = useState(false);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen === "last" ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, focusOnOpen]);

  const openMenu = (at: "first" | "last") => {
    setFocusOnOpen(at);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openMenu("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openMenu("last");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.findIndex((item) => item === document.activeElement);
    const focus = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focus(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focus(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focus(0);
        break;
      case "End":
        event.preventDefault();
        focus(list.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  const signOut = async () => {
    setLeaving(true);
    close(false);
    await logout();
    setLeaving(false);
    await navigate({ to: "/login", replace: true });
  };

  return (
    <div className="user-menu" ref={rootRef} data-testid="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        disabled={leaving}
        data-testid="user-menu-button"
      >
        <Avatar name={user.name} photo={user.photo} size={28} />
        <span className="user-menu__name">{user.name}</span>
        <span className="visually-hidden">{t`Account menu`}</span>
        <span aria-hidden="true" className="user-menu__caret">
          ▾
        </span>
      </button>
      <ul id={menuId} ref={menuRef} role="menu" aria-label={t`Account menu`} className="user-menu__list" hidden={!open} onKeyDown={onMenuKeyDown}>
        <li role="none" className="user-menu__identity">
          <span className="user-menu__email muted">{user.email}</span>
        </li>
        <li role="none">
          <Link to="/profile" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={() => close(false)} data-testid="user-menu-profile">
            <Trans>Profile</Trans>
          </Link>
        </li>
        <li role="none">
          <Link to="/settings/password" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={() => close(false)} data-testid="user-menu-password">
            <Trans>Password</Trans>
          </Link>
        </li>
        {user.is_super_admin ? (
          <li role="none">
            <Link to="/organizations" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={() => close(false)} data-testid="user-menu-admin">
              <Trans>Admin panel</Trans>
            </Link>
          </li>
        ) : null}
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={() => void signOut()} data-testid="user-menu-logout">
            <Trans>Logout</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}

import { useLingui } from "@lingui/react/macro";
import { Link, useRouter, useRouterState } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { MENU, type MenuEntry, type MenuLabelKey, groupMenu, visibleMenu } from "../../../domain/navigation/menu.ts";
import { normalizePath } from "../../../domain/navigation/guard.ts";
import { isPathRouted } from "../../router.ts";
import { session, sessionAbilities } from "../session/store.ts";
import { MENU_GROUP_LABELS, MENU_LABELS } from "./menu-labels.ts";

/** The hook the menu and tests share: SPEC §2 ability filter, then "is the screen routed yet". */
export function useVisibleMenu() {
  const snapshot = useSnapshot(session);
  const router = useRouter();
  return groupMenu(visibleMenu(MENU, sessionAbilities(snapshot)).filter((item) => isPathRouted(router, item.to)));
}

/**
 * The one item the current address belongs to: the item whose target is the path, or the deepest
 * one the path is below (/organizations/3/edit → Organizations). Not the router's fuzzy "active",
 * which also lit "My sessions" (/sessions) on the calendar (/sessions/calendar).
 */
export function currentMenuItem<T extends { id: string; to: string }>(items: readonly T[], pathname: string): T | undefined {
  const path = normalizePath(pathname);
  let found: T | undefined;
  for (const item of items) {
    if (path !== item.to && !path.startsWith(`${item.to}/`)) continue;
    if (!found || item.to.length > found.to.length) found = item;
  }
  return found;
}

/** Whether the menu offers `to` to the current user: the same ability rule and "is it routed" (links elsewhere follow the menu). */
export function useMenuOffers(to: MenuEntry["to"]): boolean {
  return useVisibleMenu().some(({ items }) => items.some((item) => item.to === to));
}

export function MainNav({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const { i18n, t } = useLingui();
  const groups = useVisibleMenu();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = currentMenuItem(groups.flatMap(({ items }) => items), pathname);
  return (
    <nav id={id} className="main-nav" data-open={open} aria-label={t`Main menu`} data-testid="main-nav">
      {groups.map(({ group, items }) => (
        <section key={group} className="main-nav__group" aria-labelledby={`${id}-${group}`} data-tour={group === "services" ? "services" : undefined}>
          <h2 id={`${id}-${group}`} className="main-nav__heading">
            {i18n._(MENU_GROUP_LABELS[group])}
          </h2>
          <ul>
            {items.map(({ id: itemId, labelKey, to }: { id: string; labelKey: MenuLabelKey; to: string }) => (
              <li key={itemId}>
                <Link
                  // Targets are plain strings, checked at runtime by isPathRouted (not route literals).
                  to={to}
                  className="main-nav__link"
                  data-menu-item={itemId}
                  // The router marks an exact match itself; `current` also covers the screens below an item.
                  activeOptions={{ exact: true, includeSearch: false }}
                  aria-current={itemId === current?.id ? "page" : undefined}
                  onClick={onNavigate}
                >
                  {i18n._(MENU_LABELS[labelKey])}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

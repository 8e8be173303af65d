import { useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { MENU, type MenuLabelKey, groupMenu, visibleMenu } from "../../../domain/navigation/menu.ts";
import { isPathRouted } from "../../router.ts";
import { session, sessionAbilities } from "../session/store.ts";
import { MENU_GROUP_LABELS, MENU_LABELS } from "./menu-labels.ts";

/** The hook the menu and tests share: SPEC §2 ability filter, then "is the screen routed yet". */
export function useVisibleMenu() {
  const snapshot = useSnapshot(session);
  const router = useRouter();
  return groupMenu(visibleMenu(MENU, sessionAbilities(snapshot)).filter((item) => isPathRouted(router, item.to)));
}

export function MainNav({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const { i18n, t } = useLingui();
  const groups = useVisibleMenu();
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
                  activeProps={{ "aria-current": "page" }}
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

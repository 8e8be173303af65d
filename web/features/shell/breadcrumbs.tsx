import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useMatches } from "@tanstack/react-router";

interface Crumb {
  id: string;
  path: string;
  label: MessageDescriptor;
}

const HOME_PATH = "/home";
const HOME_LABEL = msg`Home`;

/** Trail from the matched routes' `staticData` (breadcrumb, else title), starting at Home. */
export function Breadcrumbs() {
  const { i18n, t } = useLingui();
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const { breadcrumb, title } = match.staticData;
    const label = breadcrumb === false ? undefined : (breadcrumb ?? title);
    if (label) crumbs.push({ id: match.id, path: match.pathname, label });
  }
  if (crumbs.length === 0) return null;
  if (crumbs[0]?.path !== HOME_PATH) crumbs.unshift({ id: "home", path: HOME_PATH, label: HOME_LABEL });

  return (
    <nav className="breadcrumbs" aria-label={t`Breadcrumb`}>
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.id} aria-current="page">
              {i18n._(crumb.label)}
            </li>
          ) : (
            <li key={crumb.id}>
              <Link to={crumb.path}>{i18n._(crumb.label)}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

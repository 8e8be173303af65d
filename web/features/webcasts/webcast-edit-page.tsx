import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useBlocker } from "@tanstack/react-router";
import { useMemo, useRef, useState } from "react";
import { canForWebcast, permissionWebcast } from "../../../domain/permissions/can.ts";
import { readsOfWebcast } from "../../../domain/permissions/read-rule.ts";
import { settingsTabOfArgs } from "../../../domain/webcasts/draft.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { displayedState } from "../../../domain/webcasts/status.ts";
import type { StoredRejected } from "../../local/db.ts";
import { confirm } from "../../ui/confirm.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { useTablist } from "../../ui/use-tablist.ts";
import { useCurrentUser } from "../session/store.ts";
import { AccessTab } from "./access-tab.tsx";
import { BrandingTab } from "../branding/branding-tab.tsx";
import { ContentTab } from "./content-tab.tsx";
import { DetailsTab } from "./details-tab.tsx";
import { EmbedAppsTab } from "../embed-apps/embed-apps-tab.tsx";
import { WEBCAST_EDIT_TABS, type WebcastEditTab, visibleEditTabs } from "./edit-tabs.ts";
import { useRejectedEntry } from "./form-support.ts";
import { STATE_LABELS, WEBCAST_TAB_LABELS } from "./labels.ts";
import { PollsTab } from "../polls/polls-tab.tsx";
import { PremiereVideosTab } from "../premiere-videos/premiere-videos-tab.tsx";
import { VotesTab } from "../polls/votes-tab.tsx";
import { QaTab } from "./qa-tab.tsx";
import { SpeakersTab } from "../speakers/speakers-tab.tsx";
import { StreamingOutputsTab } from "../streaming-outputs/streaming-outputs-tab.tsx";
import { InvitationsTab } from "../invitations/invitations-tab.tsx";
import { ViewersTab } from "../viewers/viewers-tab.tsx";
import { usePendingRowIds, useLocalWebcast } from "./use-local-webcasts.ts";
import { byPosition, useWebcastParts } from "./use-webcast-parts.ts";
import { PendingBadge, WebcastMissing } from "./webcast-status.tsx";
import { OpenViewers } from "../viewers/open-viewers.tsx";
import "../organizations/management.css";
import "./webcasts.css";

export interface WebcastEditPageProps {
  uid: string;
  /** `?tab=`; without it, the tab of the refused change being fixed, else details. */
  tab: WebcastEditTab | undefined;
  /** `?fix=`: the id of a refused updateWebcast to reopen (sync panel "Fix"). */
  fix?: string | undefined;
  onTabChange(tab: WebcastEditTab): void;
  /** Drops `?fix=` once the refused change was saved again or discarded, staying on `tab`. */
  onFixDone(tab: WebcastEditTab): Promise<void>;
}

/**
 * /webcasts/{uid}/edit (SPEC §2): the webcast as this device holds it, in tabs (details, access,
 * content, premiere videos for a premiere, Q&A, branding…). Each tab edits its own autosaved draft and saves its changed fields
 * through `updateWebcast`, so every tab works offline. `fix` reopens a refused update in the tab
 * its fields belong to.
 */
export function WebcastEditPage({ uid, tab, fix, onTabChange, onFixDone }: WebcastEditPageProps) {
  const row = useLocalWebcast(uid);
  const rejected = useRejectedEntry(fix);
  // Stable while the entry is: the fix tab seeds its draft from it once.
  const fixEntry = useMemo(() => (fix && rejected ? { id: fix, entry: rejected } : null), [fix, rejected]);

  if (row === undefined || rejected === undefined) {
    return (
      <div className="page">
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (row === null) {
    return <WebcastMissing />;
  }
  const fixTab: WebcastEditTab = fixEntry ? (settingsTabOfArgs((fixEntry.entry.mutation.args ?? {}) as Parameters<typeof settingsTabOfArgs>[0]) ?? "details") : "details";
  return <Editor key={row.id} row={row} tab={tab ?? fixTab} fix={fixEntry} fixTab={fixTab} onTabChange={onTabChange} onFixDone={onFixDone} />;
}

interface EditorProps {
  row: WebcastRow;
  tab: WebcastEditTab;
  fix: { id: string; entry: StoredRejected } | null;
  fixTab: WebcastEditTab;
  onTabChange(tab: WebcastEditTab): void;
  onFixDone(tab: WebcastEditTab): Promise<void>;
}

function Editor({ row, tab: requestedTab, fix, fixTab, onTabChange, onFixDone }: EditorProps) {
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const pending = usePendingRowIds();
  const [dirtyTabs, setDirtyTabs] = useState<ReadonlySet<WebcastEditTab>>(new Set());
  const leaving = useRef(false);
  const dirty = dirtyTabs.size > 0;

  // Not a producer permission (SPEC §6): the organization's permission decides, speakers play no part.
  const editable = canForWebcast(user, "webcasts.update", { organization_id: row.organization_id, speakers: [] });

  const dirtyHandlers = useMemo(() => {
    const handler = (name: WebcastEditTab) => (isDirty: boolean) =>
      setDirtyTabs((current) => {
        if (current.has(name) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(name);
        else next.delete(name);
        return next;
      });
    return Object.fromEntries(WEBCAST_EDIT_TABS.map((name) => [name, handler(name)])) as Record<WebcastEditTab, (dirty: boolean) => void>;
  }, []);

  // SPEC §4: leaving with a draft asks first. Switching tabs (same path) keeps every draft.
  useBlocker({
    disabled: !dirty,
    enableBeforeUnload: () => dirty && !leaving.current,
    shouldBlockFn: async ({ current, next }) => {
      if (leaving.current || current.pathname === next.pathname) return false;
      const leave = await confirm({
        title: t`Leave this page?`,
        message: t`Your draft stays on this device and will be here when you come back, but these changes are not saved to the webcast yet.`,
        acceptLabel: t`Leave`,
        cancelLabel: t`Stay`,
      });
      return !leave;
    },
  });

  // The read rule decides the tabs; one this user may not see (streaming outputs without
  // webcasts.update) opens the details.
  const speakers = useWebcastParts("webcast_speakers", row.id, byPosition);
  const webcast = permissionWebcast(row, speakers?.rows ?? []);
  const tabs = visibleEditTabs((table) => user !== null && readsOfWebcast(user, table, webcast), row);
  const tab = tabs.includes(requestedTab) ? requestedTab : "details";
  const { onKeyDown: onTabKeyDown, tabProps, panelProps } = useTablist(tabs, tab, onTabChange);

  const panel = (name: WebcastEditTab) => {
    const tabFix = name === fixTab ? fix : null;
    // A fix has a draft of its own: the tab starts over when it begins or ends.
    const key = tabFix?.id ?? "saved";
    const common = { row, editable, fix: tabFix, onDirtyChange: dirtyHandlers[name], onFixDone: () => onFixDone(tab) };
    switch (name) {
      case "details":
        return <DetailsTab key={key} {...common} onLeaving={() => (leaving.current = true)} />;
      case "access":
        return <AccessTab key={key} {...common} />;
      case "content":
        return <ContentTab key={key} {...common} />;
      case "qa":
        return <QaTab key={key} {...common} />;
      case "branding":
        return <BrandingTab key={key} {...common} />;
      case "speakers":
        return <SpeakersTab {...common} />;
      case "premiere-videos":
        return <PremiereVideosTab {...common} />;
      case "streaming-outputs":
        return <StreamingOutputsTab {...common} />;
      case "viewers":
        return <ViewersTab {...common} active={name === tab} />;
      case "invitations":
        return <InvitationsTab {...common} active={name === tab} />;
      case "polls":
        return <PollsTab {...common} />;
      case "votes":
        return <VotesTab {...common} />;
      case "embed-app":
        return <EmbedAppsTab {...common} />;
    }
  };

  return (
    <div className="page webcast-edit" data-testid="webcast-edit">
      {tabs.includes("viewers") ? <OpenViewers webcastId={row.id} /> : null}
      <p className="back-link">
        <Link to="/sessions">
          <Trans>All sessions</Trans>
        </Link>
      </p>
      <PageTitle>{row.event_title}</PageTitle>
      <p className="webcast-edit__meta">
        <span className="badge" data-state={row.state} data-testid="webcast-state">
          {i18n._(STATE_LABELS[displayedState(row)])}
        </span>
        {pending.has(row.id) ? (
          <PendingBadge testId="webcast-pending" />
        ) : null}
      </p>
      <div role="tablist" aria-label={t`Webcast sections`} className="tabs" onKeyDown={onTabKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            {...tabProps(name)}
            data-testid={`webcast-tab-${name}`}
          >
            {i18n._(WEBCAST_TAB_LABELS[name])}
            {dirtyTabs.has(name) ? (
              <span className="tabs__dirty" title={t`Unsaved changes`}>
                <span aria-hidden="true"> •</span>
                <span className="visually-hidden">{t`(unsaved changes)`}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {tabs.map((name) => (
        // Every panel stays mounted so switching tabs keeps unsaved drafts.
        <div
          key={name}
          {...panelProps(name)}
          data-testid={`webcast-panel-${name}`}
        >
          {panel(name)}
        </div>
      ))}
    </div>
  );
}

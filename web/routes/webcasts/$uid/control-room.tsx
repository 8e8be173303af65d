import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ControlRoomPage } from "../../../features/webcast-room/control-room-page.tsx";
import { CONTROL_ROOM_TABS } from "../../../features/webcast-room/tabs.ts";
import { present, searchChoice } from "../../../ui/search-params.ts";

// Full screen (SPEC §2): outside the `_app` shell, under the root (guard, toasts, confirmations).
// Speakers open it too (read-only), so the screen asks only what every staff member holds; the
// page and the room decide who runs it.
export const Route = createFileRoute("/webcasts/$uid/control-room")({
  validateSearch: (search: Record<string, unknown>) => present({ tab: searchChoice(CONTROL_ROOM_TABS, search.tab) }),
  staticData: { title: msg`Control room`, permission: "sessions.view" },
  component: ControlRoomRoute,
});

function ControlRoomRoute() {
  const { uid } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ControlRoomPage uid={uid} tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}

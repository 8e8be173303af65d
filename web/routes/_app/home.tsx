import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { HomePage } from "../../features/home/home-page.tsx";
import { readHomeWebcastsAhead } from "../../features/home/use-home-webcasts.ts";

export const Route = createFileRoute("/_app/home")({
  // `tour=1` opens the quick tour (the Support menu's "Quick tour" comes here).
  validateSearch: (search: Record<string, unknown>): { tour?: 1 } => (search.tour === 1 ? { tour: 1 } : {}),
  staticData: { title: msg`Home` },
  // The "your webcasts" rows are read while the screen's code loads (bounded wait, never fails).
  loader: () => readHomeWebcastsAhead(),
  component: HomeRoute,
});

function HomeRoute() {
  const { tour } = Route.useSearch();
  const navigate = Route.useNavigate();
  const started = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <HomePage tour={tour === 1} onTourStarted={started} />;
}

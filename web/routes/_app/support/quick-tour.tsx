import { createFileRoute, redirect } from "@tanstack/react-router";

// The Support menu's "Quick tour" (SPEC §2): the tour runs over the home screen.
export const Route = createFileRoute("/_app/support/quick-tour")({
  beforeLoad: () => {
    throw redirect({ to: "/home", search: { tour: 1 }, replace: true });
  },
});

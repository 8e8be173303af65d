import { createFileRoute, redirect } from "@tanstack/react-router";

// SPEC §2: / redirects to /home.
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/home", replace: true });
  },
});

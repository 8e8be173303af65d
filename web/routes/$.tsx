import { createFileRoute, redirect } from "@tanstack/react-router";

// SPEC §2: any unknown path redirects to /errors/404 (replacing it, so Back does not loop).
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw redirect({ to: "/errors/404", replace: true });
  },
});

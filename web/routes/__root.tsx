import { Navigate, Outlet, createRootRoute } from "@tanstack/react-router";
import { UpdatePrompt } from "../features/pwa/update-prompt.tsx";
import { guardRoute } from "../features/session/route-guard.ts";
import { useDocumentTitle } from "../features/shell/use-document-title.ts";
import { ConfirmHost } from "../ui/confirm-host.tsx";
import { ToastHost } from "../ui/toast-host.tsx";

// The root holds what every screen needs, full-screen ones included; the shell is the `_app` layout.
export const Route = createRootRoute({
  // SPEC §2 route guard, for every screen (shell, public and full-screen alike).
  beforeLoad: ({ location, matches }) => guardRoute({ location, matches }),
  component: Root,
  // A loader's notFound() lands on the one not-found page, like unknown paths do.
  notFoundComponent: () => <Navigate to="/errors/404" replace />,
});

function Root() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <UpdatePrompt />
      <ToastHost />
      <ConfirmHost />
    </>
  );
}

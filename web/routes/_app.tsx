import { createFileRoute } from "@tanstack/react-router";
import { AppShell } from "../features/shell/app-shell.tsx";

// Pathless layout: header, menu and breadcrumbs. Full-screen routes (control rooms) live outside it.
export const Route = createFileRoute("/_app")({
  component: AppShell,
});

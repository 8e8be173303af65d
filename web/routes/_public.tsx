import { createFileRoute } from "@tanstack/react-router";
import { PublicLayout } from "../features/auth/public-layout.tsx";

// Pathless layout of the sign-in, sign-up and password screens (no app shell); all public (SPEC §2).
export const Route = createFileRoute("/_public")({
  staticData: { public: true },
  component: PublicLayout,
});

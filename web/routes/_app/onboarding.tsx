import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { OnboardingPage } from "../../features/onboarding/onboarding-page.tsx";

// The setup step of self sign-up; the route guard (domain/navigation/guard.ts) lets only a user
// with onboarding_required in, and holds them here until it is done.
export const Route = createFileRoute("/_app/onboarding")({
  staticData: { title: msg`Set up your organization` },
  component: OnboardingPage,
});

import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { SignupPage } from "../../../features/auth/signup-page.tsx";

export const Route = createFileRoute("/_public/users/signup")({
  staticData: { title: msg`Create your account` },
  component: SignupPage,
});

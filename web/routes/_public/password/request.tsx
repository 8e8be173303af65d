import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PasswordRequestPage } from "../../../features/auth/password-request-page.tsx";

export const Route = createFileRoute("/_public/password/request")({
  staticData: { title: msg`Forgot your password?` },
  component: PasswordRequestPage,
});

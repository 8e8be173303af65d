import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ChangePasswordPage } from "../../../features/auth/change-password-page.tsx";

export const Route = createFileRoute("/_app/settings/password")({
  staticData: { title: msg`Password` },
  component: ChangePasswordPage,
});

import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { MailboxPage } from "../../../features/mailbox/mailbox-page.tsx";

// Local only: GET /api/dev/mail answers 404 in production and the screen says so.
export const Route = createFileRoute("/_public/dev/mailbox")({
  staticData: { title: msg`Local mailbox` },
  component: MailboxPage,
});

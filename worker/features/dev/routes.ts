import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";
import { seedDemoData } from "./seed.ts";
import { seedDemoWebcasts } from "./seed-webcasts.ts";
import { seedDemoMedia } from "./seed-media.ts";
import { isLoopbackUrl } from "../../../domain/http/loopback.ts";

/**
 * Local-only helpers for `npm start` and the test suites. They answer 404 unless the worker runs
 * with APP_ENV=local *and* the request reached it on a loopback host, so a deployed worker never
 * seeds even if misconfigured.
 */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.APP_ENV !== "local" || !isLoopbackUrl(c.req.url)) throw new ApiError("not_found");
    await next();
  })
  .post("/seed", async (c) => {
    // Accounts first: the demo webcasts are made by their organizers, with their speakers.
    const accounts = await seedDemoData(db(c.env.DB), c.env.PASSWORD_PEPPER ?? "");
    const demoWebcasts = await seedDemoWebcasts(c.env);
    // The library's demo video goes into the demo premiere's playlist: after the webcasts.
    const demoMedia = await seedDemoMedia(c.env);
    return c.json({
      created: accounts.created + demoWebcasts.created + demoMedia,
      password: DEMO_PASSWORD,
      logins: DEMO_USERS.map(({ email, note }) => ({ email, note })),
    });
  })
  /** The local mailbox (docs/identity-api.md "Local only"): every e-mail the app stored, newest first. */
  .get("/mail", async (c) => {
    const data = await db(c.env.DB)
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        template: mailOutbox.template,
        locale: mailOutbox.locale,
        created_at: mailOutbox.created_at,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(200);
    return c.json({ data }, 200);
  });

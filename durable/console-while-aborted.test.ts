import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { webcastRoomStub } from "./stubs.ts";

// The test layer itself: a Durable Object that logs while the tests abort it (as the room's
// eviction tests do) must not stall the run. With vitest's console interception, each log from an
// object was an RPC to the pool sent from that object's context; an aborted object never sent it,
// the pool waited for its answer at the end of the file, and `npm test` hung after "✓" (CI's time
// limit). The workers project sets `disableConsoleIntercept` (vitest.config.ts); if that goes, this
// file stalls and npm test's watchdog names it.
it("lets objects log while every object is being aborted, and the file still ends", async () => {
  let logged = 0;
  for (let round = 0; round < 10; round++) {
    await runInDurableObject(webcastRoomStub(env, `console-while-aborted-${round}`), async (_instance: unknown, state: DurableObjectState) => {
      state.waitUntil(
        (async () => {
          for (let line = 0; line < 3; line++) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            console.info(`console-while-aborted: round ${round}, line ${line}`);
          }
        })(),
      );
    });
    logged++;
    await new Promise((resolve) => setTimeout(resolve, round));
    await abortAllDurableObjects();
  }
  expect(logged).toBe(10);
});

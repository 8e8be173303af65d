import { describe, expect, it } from "vitest";
import { SerialQueue } from "./serial-queue.ts";

describe("SerialQueue", () => {
  it("runs tasks one at a time in call order, and a failure does not block the next", async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string, ms: number, fail = false) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run(task("a", 30)), queue.run(task("b", 1, true)), queue.run(task("c", 1))]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});

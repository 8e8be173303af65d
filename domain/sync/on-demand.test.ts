import { describe } from "vitest";
import type { ViewerRow } from "../viewers/record.ts";
import { MemoryReplicaStore } from "./memory-replica-store.ts";
import { onDemandScenarios } from "./on-demand-scenarios.ts";

describe("viewers on demand (memory store)", () => {
  onDemandScenarios(() => {
    const store = new MemoryReplicaStore();
    return { store, viewers: async (webcastId: string): Promise<ViewerRow[]> => store.rowsOf("view", "viewers").filter((row) => row.webcast_id === webcastId) };
  });
});

import { replicaScenarios } from "./replica-scenarios.ts";
import { memoryReplica } from "./testing.ts";

replicaScenarios(memoryReplica);

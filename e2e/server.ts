import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { waitForHttp } from "../scripts/local-env.mjs";

export const root = path.resolve(import.meta.dirname, "..");
export const bin = (name: string) => path.join(root, "node_modules/.bin", name);

export interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts a local server (its own process group) and waits until `/api/health` answers. */
export async function startServer(command: string, args: string[], env: NodeJS.ProcessEnv, port: number): Promise<Server> {
  const child: ChildProcess = spawn(command, args, { cwd: root, env, stdio: "ignore", detached: true });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const baseUrl = `http://localhost:${port}`;
  await waitForHttp(`${baseUrl}/api/health`, 60_000, () => alive);
  return {
    baseUrl,
    async stop() {
      if (alive && child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}

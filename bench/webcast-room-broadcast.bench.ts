// Fan-out of one webcast room (protocol v3), next to a Socket.IO peer measured in the same run.
//
// room: the production build (the built worker and the WebcastRoom Durable Object in workerd,
// local D1) started by `vite preview` on a fresh state dir with migrations applied and the demo
// data seeded; the sockets go straight to workerd's entry socket, as a deployment serves them.
// The producer (producer@demo.test) signs in through POST /login and opens
// GET /api/webcasts/<uid>/room with its session cookie and an Origin header; BENCH_CLIENTS viewers
// open it with a room token each (`?token=`, minted with the worker's own mintRoomToken and the
// local APP_KEY of wrangler.toml, for guest ids `guest:be4c0000-0000-4000-8000-<n in hex>`:
// room-token.ts only takes `guest:<uuid>` guests), at most BENCH_CONNECT_CONCURRENCY opening at
// once, each saying hello and awaiting its welcome.
// A viewer joining is no event of the room: the room sends the audience figures (a `stats` frame)
// to the producer only, so the connect phase also waits until the producer saw
// live_viewers = BENCH_CLIENTS ("presence settled"). (Before protocol 3 each join was a presence
// event to every socket: n(n+1)/2 deliveries.)
// roomViaPreview (diagnostic; BENCH_ROOM_VIA_PREVIEW=0 skips it): the same on a fresh server with
// the sockets through vite preview, whose Node websocket relay (a `ws` server coupled to
// miniflare's websocket) carries every frame; a deployment has no such hop.
// socketio: a minimal Socket.IO 4.8 room server in its own Node process (bench/socketio-peer.ts:
// join on hello, io.to(room).emit of the room's own event object on each `slide`; no auth, no
// validation, no storage, no presence unless BENCH_SOCKETIO_PRESENCE=1), websocket transport only,
// no perMessageDeflate, one connection per client.
//
// For each, the same way: the producer sends `slide.set` with increasing indexes (a command frame
// with a fresh id each; a `slide` message for Socket.IO): 5 warm-up, then BENCH_MESSAGES (200) one
// at a time (the next once every viewer got the previous one), then BENCH_BURST (50) back to back.
// Events are matched by patch.current_slide_index. Measured in this process with one clock: per
// delivery, send → receipt after parsing (plain JSON.parse for the room's viewers, socket.io-client's
// own decoding for the peer's); the first and the last viewer's latency per message; deliveries/s
// (deliveries ÷ the phase's wall time; the sequential one includes each wait). All viewers live in
// this one Node process, so client-side parsing is in every figure.
// Goals: the room delivers at least as many messages per second as the Socket.IO peer, sequential
// and burst (figures.ratio: room ÷ socket.io; for latencies > 1 means the room is slower).
//
// Knobs: BENCH_CLIENTS (1000), BENCH_MESSAGES (200), BENCH_BURST (50), BENCH_CONNECT_CONCURRENCY
// (50), BENCH_WEBCAST_UID (the demo "Spring release launch", in a phase where slides can be set),
// BENCH_REUSE_BUILD=1 (keep an earlier build, bench/app.ts), BENCH_ROOM_VIA_PREVIEW=0, BENCH_ONLY=
// room|roomViaPreview|socketio (one side only: logs, writes no result), BENCH_SOCKETIO_PRESENCE=1 (the
// peer also sends a presence event to the room on each join, as the room does).
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Socket as IoSocket, io as ioClient } from "socket.io-client";
import WebSocket from "ws";
import { PROTOCOL_VERSION } from "../domain/protocol/version.ts";
import { DEMO_PASSWORD } from "../worker/features/dev/demo-data.ts";
import { buildApp, migratedState, rootDir, seedDemo, startPreview } from "./app.ts";
import { benchName, log, runPool, summarize, writeResult } from "./lib.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const BURST = Number(process.env.BENCH_BURST ?? 50);
const WARMUP = 5;
const CONNECT_CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 50);
const WEBCAST_UID = process.env.BENCH_WEBCAST_UID ?? "0196a0de-0001-7000-8000-000000000000";
const ONLY = process.env.BENCH_ONLY ?? "";
const SOCKETIO_PRESENCE = process.env.BENCH_SOCKETIO_PRESENCE === "1";
const ROOM_VIA_PREVIEW = process.env.BENCH_ROOM_VIA_PREVIEW !== "0";
const PRODUCER = "producer@demo.test";
const WELCOME_TIMEOUT_MS = 300_000;
/** How long the presence events of the connect phase may take to reach everyone (O(n²) deliveries in the room). */
const SETTLE_TIMEOUT_MS = 600_000;
const DELIVERY_TIMEOUT_MS = 60_000;
/** The phases in which slides can be set (domain/webcast-room/reduce.ts STEERABLE). */
const STEERABLE = new Set(["upcoming", "preparing", "prepared", "ready", "starting", "live"]);

/** A guest id the room token accepts (`guest:` + 36 characters of [0-9a-f-]), one per viewer. */
const guestId = (n: number) => `guest:be4c0000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** An event as the clients read it (the room's event frame; the peer sends the same object). */
interface BenchEvent {
  seq: number;
  name: string;
  patch: Record<string, unknown>;
}
/** What a viewer hands to the measurement: an event, and when it was read (after parsing). */
type OnEvent = (viewer: number, event: BenchEvent, at: number) => void;
type OnFatal = (error: Error) => void;

interface Producer {
  /** The room's current slide when the producer was welcomed. */
  slideIndex: number;
  slide(id: string, index: number): void;
}

/** One system under test, driven the same way by `measure`. */
interface Peer {
  name: string;
  /** Whether each join sends a presence event (live_viewers) to every socket. */
  presence: boolean;
  /** The producer's events go to `onEvent` (it sees the audience figures, live_viewers). */
  connectProducer(onFatal: OnFatal, onEvent: (event: BenchEvent) => void): Promise<Producer>;
  /** Resolves once viewer `n` is welcomed; its events then go to `onEvent`. */
  connectViewer(n: number, onEvent: OnEvent, onFatal: OnFatal): Promise<void>;
  /** Stops the server, then drops every client. */
  stop(): Promise<void>;
}

// -------------------------------------------------------------------------------------------------
// The room (vite preview → workerd)

/** Signs in through the API (CSRF cookie, then POST /login) and returns the Cookie header to send. */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const cookies = new Map<string, string>();
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    headers.set("Origin", baseUrl);
    const xsrf = cookies.get("XSRF-TOKEN");
    if (xsrf) headers.set("X-XSRF-TOKEN", decodeURIComponent(xsrf));
    if (cookies.size) headers.set("Cookie", [...cookies].map(([key, value]) => `${key}=${value}`).join("; "));
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  await (await request("/sanctum/csrf-cookie")).arrayBuffer();
  const login = await request("/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: DEMO_PASSWORD, remember: false }) });
  if (!login.ok) throw new Error(`sign-in of ${email} failed: HTTP ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  return [...cookies].map(([key, value]) => `${key}=${value}`).join("; ");
}

type MintRoomToken = (env: { APP_KEY: string }, payload: { webcast_uid: string; viewer_id: string }, ttlSeconds?: number) => Promise<string>;

/**
 * The worker's own mintRoomToken (worker/features/webcast-room/room-token.ts), so the bench signs
 * exactly as the viewer side will. Imported at run time through a computed path: a static import
 * would make tsconfig.node.json type-check the whole worker (room-token.ts names the worker's Env).
 */
async function loadMintRoomToken(): Promise<MintRoomToken> {
  const url = pathToFileURL(join(rootDir, "worker/features/webcast-room/room-token.ts")).href;
  return ((await import(url)) as { mintRoomToken: MintRoomToken }).mintRoomToken;
}

/** The local APP_KEY (wrangler.toml's top-level vars), which signs the room tokens. */
function localAppKey(): string {
  if (process.env.BENCH_APP_KEY) return process.env.BENCH_APP_KEY;
  const match = /^APP_KEY\s*=\s*"([^"]+)"/m.exec(readFileSync(join(rootDir, "wrangler.toml"), "utf8"));
  if (!match?.[1]) throw new Error("no APP_KEY in wrangler.toml (set BENCH_APP_KEY)");
  return match[1];
}

interface RoomFrame extends Partial<BenchEvent> {
  type: string;
  snapshot?: { phase?: string; current_slide_index?: number } | null;
}

/** Opens a room socket, says hello and resolves with the welcome; later frames go to `onFrame`. */
function openRoomSocket(url: string, headers: Record<string, string>, clientId: string, onFrame: (frame: RoomFrame, at: number) => void, onFatal: OnFatal): Promise<{ ws: WebSocket; welcome: RoomFrame }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    let welcomed = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`${clientId}: no welcome within ${WELCOME_TIMEOUT_MS} ms`));
    }, WELCOME_TIMEOUT_MS);
    ws.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => {
        clearTimeout(timer);
        reject(new Error(`${clientId}: upgrade refused, HTTP ${response.statusCode} ${body}`));
      });
    });
    ws.on("error", (error) => {
      if (welcomed) onFatal(new Error(`${clientId}: ${error.message}`));
      else {
        clearTimeout(timer);
        reject(error);
      }
    });
    ws.on("close", (code, reason) => {
      if (welcomed && code !== 1000 && code !== 1005) onFatal(new Error(`${clientId}: closed by the server (${code} ${reason.toString()})`));
    });
    ws.once("open", () => ws.send(JSON.stringify({ type: "hello", protocolVersion: PROTOCOL_VERSION, clientId })));
    ws.on("message", (data) => {
      // Plain JSON.parse, not the zod parser: the bench measures the room, not client validation.
      const frame = JSON.parse(data.toString()) as RoomFrame;
      const at = performance.now();
      if (frame.type === "welcome" && !welcomed) {
        welcomed = true;
        clearTimeout(timer);
        resolve({ ws, welcome: frame });
      } else if (frame.type === "error" || frame.type === "reload") {
        const error = new Error(`${clientId}: ${data.toString()}`);
        if (welcomed) onFatal(error);
        else {
          clearTimeout(timer);
          reject(error);
        }
      } else onFrame(frame, at);
    });
  });
}

/** Ports listening on 127.0.0.1/0.0.0.0 (from /proc/net/tcp), by socket inode. */
function listeningPorts(): Map<string, number> {
  const ports = new Map<string, number>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      const [local, state, inode] = [columns[1], columns[3], columns[9]];
      if (state === "0A" && local && inode) ports.set(inode, Number.parseInt(local.split(":").at(-1) ?? "0", 16));
    }
  }
  return ports;
}

/** The socket inodes a process holds. */
function socketInodes(pid: string): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return match?.[1] ? [match[1]] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * The address of workerd's own entry socket behind a `vite preview` on `baseUrl`: the preview
 * process is the one listening on its port, its workerd child listens on the entry socket (the one
 * that answers /api/health). Clients connected there skip vite preview's websocket relay (a Node
 * `ws` server coupled to miniflare's websocket, frame by frame), which a deployed worker does not
 * have. Linux only (/proc).
 */
async function workerdEntry(baseUrl: string): Promise<string> {
  const ports = listeningPorts();
  const previewPort = Number(new URL(baseUrl).port);
  const pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  const preview = pids.find((pid) => socketInodes(pid).some((inode) => ports.get(inode) === previewPort));
  if (!preview) throw new Error(`no process listens on ${previewPort}`);
  const children = pids.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === preview && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
  const candidates = children.flatMap((pid) => socketInodes(pid).flatMap((inode) => (ports.has(inode) ? [ports.get(inode) ?? 0] : [])));
  for (const port of new Set(candidates)) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status < 500) return `127.0.0.1:${port}`;
    } catch {
      // not the entry socket
    }
  }
  throw new Error(`no workerd entry socket found behind ${baseUrl} (ports ${candidates.join(", ")})`);
}

/**
 * The room behind a fresh `vite preview` of the build in `root`. `direct`: the sockets go to
 * workerd's entry socket (workerdEntry), sign-in still through the preview.
 */
async function startRoom(root: string, direct: boolean): Promise<Peer & { setup: Record<string, unknown> }> {
  const stateDir = migratedState();
  const server = await startPreview(root, stateDir);
  const sockets: WebSocket[] = [];
  let tokens: string[] = [];
  let socketOrigin = server.baseUrl;
  try {
    await seedDemo(server.baseUrl);
    if (direct) {
      socketOrigin = `http://${await workerdEntry(server.baseUrl)}`;
      log(`room: sockets go to workerd's entry socket ${socketOrigin}, not through vite preview`);
    }
    const appKey = localAppKey();
    const mintRoomToken = await loadMintRoomToken();
    tokens = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => mintRoomToken({ APP_KEY: appKey }, { webcast_uid: WEBCAST_UID, viewer_id: guestId(n) }, 3_600)));
  } catch (error) {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  const roomUrl = `${socketOrigin.replace(/^http/, "ws")}/api/webcasts/${WEBCAST_UID}/room`;
  return {
    name: direct ? "room" : "roomViaPreview",
    presence: true,
    setup: {
      server: direct
        ? "the production build (built worker + WebcastRoom Durable Object in workerd, local D1), the sockets connected straight to workerd's entry socket, as a deployment serves them (sign-in through vite preview)"
        : "the same behind vite preview: every frame crosses vite preview's Node websocket relay, which a deployment does not have (diagnostic)",
      webcastUid: WEBCAST_UID,
      producer: `${PRODUCER} (session cookie + Origin)`,
      viewers: "room token (?token=) per guest, Origin header",
      presence: "a greeted viewer is no event: the room stores the audience figures and sends them (a `stats` frame) to the producer only; presence events are for speakers joining or leaving",
    },
    async connectProducer(onFatal, onEvent) {
      const cookie = await signIn(server.baseUrl, PRODUCER);
      const { ws, welcome } = await openRoomSocket(
        roomUrl,
        { Cookie: cookie, Origin: socketOrigin },
        "bench-producer",
        (frame) => {
          if (frame.type === "event") onEvent(frame as BenchEvent);
          else if (frame.type === "events") for (const event of (frame as { events?: BenchEvent[] }).events ?? []) onEvent(event);
          // The audience figures: no sequence, the latest holds (seq 0: every viewer "holds" it).
          else if (frame.type === "stats") onEvent({ seq: 0, name: "stats", patch: { live_viewers: (frame as { live_viewers?: number }).live_viewers } });
        },
        onFatal,
      );
      sockets.push(ws);
      const phase = welcome.snapshot?.phase ?? "unknown";
      if (!STEERABLE.has(phase)) throw new Error(`the room of ${WEBCAST_UID} is ${phase}: slides cannot be set (pick another BENCH_WEBCAST_UID)`);
      return {
        slideIndex: welcome.snapshot?.current_slide_index ?? 0,
        slide: (id, index) => ws.send(JSON.stringify({ type: "command", id, command: { type: "slide.set", index } })),
      };
    },
    async connectViewer(n, onEvent, onFatal) {
      const url = `${roomUrl}?token=${encodeURIComponent(tokens[n] ?? "")}`;
      const { ws } = await openRoomSocket(
        url,
        { Origin: socketOrigin },
        `bench-${n}`,
        (frame, at) => {
          if (frame.type === "event") onEvent(n, frame as BenchEvent, at);
          // Several events in one frame (what the room had to send at once): each counts, read at the same time.
          else if (frame.type === "events") for (const event of (frame as { events?: BenchEvent[] }).events ?? []) onEvent(n, event, at);
        },
        onFatal,
      );
      sockets.push(ws);
    },
    async stop() {
      // The server first: closing 1,000 sockets one by one would make the room recount presence for each.
      await server.stop();
      for (const ws of sockets) ws.terminate();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

// -------------------------------------------------------------------------------------------------
// The Socket.IO peer (its own Node process)

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(rootDir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

async function startSocketIo(): Promise<Peer & { setup: Record<string, unknown> }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join(rootDir, "bench", "socketio-peer.ts")], {
    cwd: rootDir,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, SOCKETIO_PRESENCE: SOCKETIO_PRESENCE ? "1" : "0" },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the Socket.IO peer did not start:\n${output}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`the Socket.IO peer exited (${code}):\n${output}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const room = `webcast:${WEBCAST_UID}`;
  const sockets: IoSocket[] = [];
  log(`Socket.IO peer listening on ${url} (pid ${child.pid})`);

  const open = (role: "producer" | "viewer", onFatal: OnFatal, onEvent: (event: BenchEvent, at: number) => void) =>
    new Promise<{ socket: IoSocket; slideIndex: number }>((resolve, reject) => {
      const socket = ioClient(url, { transports: ["websocket"], forceNew: true, reconnection: false, auth: { role }, timeout: WELCOME_TIMEOUT_MS });
      sockets.push(socket);
      let welcomed = false;
      socket.once("connect_error", (error) => reject(error));
      socket.on("disconnect", (reason) => {
        if (welcomed && reason !== "io client disconnect") onFatal(new Error(`socket.io ${role}: disconnected (${reason})`));
      });
      socket.on("event", (event: BenchEvent) => onEvent(event, performance.now()));
      socket.once("connect", () => {
        socket.timeout(WELCOME_TIMEOUT_MS).emit("hello", { room }, (error: Error | null, welcome: { snapshot: { current_slide_index: number } }) => {
          if (error) return reject(error);
          welcomed = true;
          resolve({ socket, slideIndex: welcome.snapshot.current_slide_index });
        });
      });
    });

  return {
    name: "socketio",
    presence: SOCKETIO_PRESENCE,
    setup: {
      server: `socket.io ${packageVersion("socket.io")} (engine.io ${packageVersion("engine.io")}) in its own Node process (bench/socketio-peer.ts), websocket transport, no perMessageDeflate`,
      client: `socket.io-client ${packageVersion("socket.io-client")}, forceNew (one connection per client), no reconnection`,
      presenceOnJoin: SOCKETIO_PRESENCE,
    },
    async connectProducer(onFatal, onEvent) {
      const { socket, slideIndex } = await open("producer", onFatal, (event) => onEvent(event));
      return { slideIndex, slide: (id, index) => socket.emit("slide", { id, index }) };
    },
    async connectViewer(n, onEvent, onFatal) {
      await open("viewer", onFatal, (event, at) => onEvent(n, event, at));
    },
    async stop() {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGTERM");
      await exited;
      for (const socket of sockets) socket.disconnect();
    },
  };
}

// -------------------------------------------------------------------------------------------------
// The measurement, the same for both

interface Tracker {
  sentAt: number;
  times: Float64Array;
  count: number;
}

async function measure(peer: Peer) {
  const trackers = new Map<number, Tracker>();
  let fatal: Error | null = null;
  let failWaiting: ((error: Error) => void) | null = null;
  const onFatal: OnFatal = (error) => {
    fatal ??= error;
    failWaiting?.(error);
  };
  let completed: ((index: number) => void) | null = null;
  // Presence: the producer sees live_viewers (viewers do not: the room cuts the audience figures
  // from their copy of the event, which still reaches them). Settled when every viewer holds the
  // event in which the producer saw live_viewers = CLIENTS.
  const viewerSeq = new Float64Array(CLIENTS);
  let settleSeq = Number.POSITIVE_INFINITY;
  let caughtUp = 0;
  let presenceDeliveries = 0;
  let onSettled: (() => void) | null = null;
  const onProducerEvent = (event: BenchEvent) => {
    if (event.patch.live_viewers !== CLIENTS || settleSeq !== Number.POSITIVE_INFINITY) return;
    settleSeq = event.seq;
    caughtUp = viewerSeq.reduce((count, seq) => count + (seq >= settleSeq ? 1 : 0), 0);
    if (caughtUp === CLIENTS) onSettled?.();
  };

  const onEvent: OnEvent = (viewer, event, at) => {
    const before = viewerSeq[viewer] ?? 0;
    viewerSeq[viewer] = Math.max(before, event.seq);
    if (before < settleSeq && event.seq >= settleSeq && ++caughtUp === CLIENTS) onSettled?.();
    if (event.name === "presence") {
      presenceDeliveries += 1;
      return;
    }
    const index = event.patch.current_slide_index;
    if (typeof index !== "number") return;
    const tracker = trackers.get(index);
    if (!tracker || tracker.count >= CLIENTS) return;
    tracker.times[tracker.count++] = at;
    if (tracker.count === CLIENTS) completed?.(index);
  };

  log(`${peer.name}: connecting the producer`);
  const producer = await peer.connectProducer(onFatal, onProducerEvent);

  log(`${peer.name}: connecting ${CLIENTS} viewers, ${CONNECT_CONCURRENCY} at a time`);
  const welcomeLatencies: number[] = [];
  const loadAverage = loadavg().map((value) => Math.round(value * 100) / 100);
  const connectStarted = performance.now();
  let welcomed = 0;
  await runPool(CLIENTS, CONNECT_CONCURRENCY, async (n) => {
    const started = performance.now();
    await peer.connectViewer(n, onEvent, onFatal);
    welcomeLatencies.push(performance.now() - started);
    welcomed += 1;
    if (welcomed % 200 === 0 && welcomed < CLIENTS) log(`${peer.name}: ${welcomed}/${CLIENTS} viewers welcomed (${Math.round(performance.now() - connectStarted)} ms)`);
  });
  const allWelcomedMs = performance.now() - connectStarted;
  log(`${peer.name}: all ${CLIENTS} viewers welcomed in ${Math.round(allWelcomedMs)} ms (${presenceDeliveries} presence deliveries so far)`);
  let presenceSettledMs: number | null = null;
  if (peer.presence) {
    if (caughtUp < CLIENTS) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${peer.name}: presence did not settle (producer saw live_viewers = ${CLIENTS}: ${settleSeq !== Number.POSITIVE_INFINITY}; ${caughtUp}/${CLIENTS} viewers caught up)`)),
          SETTLE_TIMEOUT_MS,
        );
        onSettled = () => {
          clearTimeout(timer);
          onSettled = null;
          resolve();
        };
      });
    }
    presenceSettledMs = performance.now() - connectStarted;
    log(`${peer.name}: presence settled (every viewer holds the event with live_viewers = ${CLIENTS}) after ${Math.round(presenceSettledMs)} ms; ${presenceDeliveries} presence deliveries`);
  }

  const runId = Math.random().toString(36).slice(2, 10);
  const total = WARMUP + MESSAGES + BURST;
  let nextIndex = producer.slideIndex + 1;
  if (nextIndex + total > 9_999) nextIndex = producer.slideIndex > total ? 0 : producer.slideIndex + 1;

  /** Sends one slide per index (back to back) and resolves when every viewer got each of them. */
  const deliver = (count: number): Promise<number[]> => {
    if (fatal) return Promise.reject(fatal);
    const indexes = Array.from({ length: count }, () => nextIndex++);
    return new Promise((resolve, reject) => {
      let pending = count;
      const timer = setTimeout(() => {
        const behind = indexes.map((index) => `${index}: ${trackers.get(index)?.count ?? 0}/${CLIENTS}`).filter((_, i) => i < 5);
        reject(new Error(`${peer.name}: ${pending}/${count} message(s) not delivered to every viewer within ${DELIVERY_TIMEOUT_MS} ms (${behind.join(", ")})`));
      }, DELIVERY_TIMEOUT_MS);
      failWaiting = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      completed = () => {
        pending -= 1;
        if (pending === 0) {
          clearTimeout(timer);
          completed = null;
          failWaiting = null;
          resolve(indexes);
        }
      };
      for (const index of indexes) {
        trackers.set(index, { sentAt: performance.now(), times: new Float64Array(CLIENTS), count: 0 });
        producer.slide(`bench-${runId}-${index}`, index);
      }
    });
  };

  for (let i = 0; i < WARMUP; i++) await deliver(1);
  log(`${peer.name}: warm-up done; ${MESSAGES} messages one at a time`);

  const latencies: number[] = [];
  const lastClient: number[] = [];
  const firstClient: number[] = [];
  const collect = (indexes: number[], into: number[], lastInto: number[], firstInto: number[]): number => {
    let lastReceipt = 0;
    for (const index of indexes) {
      const tracker = trackers.get(index);
      if (!tracker) continue;
      let max = 0;
      let min = Number.POSITIVE_INFINITY;
      for (const at of tracker.times) {
        into.push(at - tracker.sentAt);
        max = Math.max(max, at);
        min = Math.min(min, at);
      }
      firstInto.push(min - tracker.sentAt);
      lastInto.push(max - tracker.sentAt);
      lastReceipt = Math.max(lastReceipt, max);
    }
    return lastReceipt;
  };
  const sequentialStarted = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    collect(await deliver(1), latencies, lastClient, firstClient);
    if ((i + 1) % 50 === 0) log(`${peer.name}: ${i + 1}/${MESSAGES} delivered to every viewer`);
  }
  const sequentialMs = performance.now() - sequentialStarted;

  log(`${peer.name}: a burst of ${BURST} messages back to back`);
  const burstStarted = performance.now();
  const burstIndexes = await deliver(BURST);
  const burstLatencies: number[] = [];
  const burstLast: number[] = [];
  const burstFirst: number[] = [];
  const burstMs = collect(burstIndexes, burstLatencies, burstLast, burstFirst) - burstStarted;

  const round = (value: number) => Math.round(value * 10) / 10;
  const figures = {
    loadAverageAtStart: loadAverage,
    connect: {
      clients: CLIENTS,
      concurrency: CONNECT_CONCURRENCY,
      allWelcomedMs: round(allWelcomedMs),
      welcomeLatencyMs: summarize(welcomeLatencies),
      presenceOnJoin: peer.presence,
      presenceSettledMs: presenceSettledMs === null ? null : round(presenceSettledMs),
      presenceDeliveries,
    },
    sequential: {
      messages: MESSAGES,
      deliveries: latencies.length,
      deliveryLatencyMs: summarize(latencies),
      firstClientLatencyMs: summarize(firstClient),
      lastClientLatencyMs: summarize(lastClient),
      durationMs: round(sequentialMs),
      deliveriesPerSecond: Math.round(latencies.length / (sequentialMs / 1000)),
    },
    burst: {
      messages: BURST,
      deliveries: burstLatencies.length,
      deliveryLatencyMs: summarize(burstLatencies),
      firstClientLatencyMs: summarize(burstFirst),
      lastClientLatencyMs: summarize(burstLast),
      durationMs: round(burstMs),
      deliveriesPerSecond: Math.round(burstLatencies.length / (burstMs / 1000)),
    },
  };
  log(
    `${peer.name}: sequential p50 ${figures.sequential.deliveryLatencyMs.p50} ms, p99 ${figures.sequential.deliveryLatencyMs.p99} ms, ${figures.sequential.deliveriesPerSecond} deliveries/s; burst p50 ${figures.burst.deliveryLatencyMs.p50} ms, p99 ${figures.burst.deliveryLatencyMs.p99} ms, ${figures.burst.deliveriesPerSecond} deliveries/s`,
  );
  return figures;
}

async function run(start: () => Promise<Peer & { setup: Record<string, unknown> }>) {
  const peer = await start();
  try {
    return { setup: peer.setup, ...(await measure(peer)) };
  } finally {
    log(`${peer.name}: stopping`);
    await peer.stop();
  }
}

async function main(): Promise<void> {
  const wanted = (name: string) => ONLY === "" || ONLY === name;
  log(`${CLIENTS} viewers, ${WARMUP} warm-up + ${MESSAGES} sequential + ${BURST} burst messages${ONLY ? `, ${ONLY} only` : ""}`);
  const root = wanted("room") || wanted("roomViaPreview") ? buildApp(benchName(import.meta.url)) : "";
  const room = wanted("room") ? await run(() => startRoom(root, true)) : null;
  const roomViaPreview = wanted("roomViaPreview") && ROOM_VIA_PREVIEW ? await run(() => startRoom(root, false)) : null;
  const socketio = wanted("socketio") ? await run(startSocketIo) : null;
  if (!room || !socketio) {
    log("BENCH_ONLY: no result written");
    return;
  }
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const ratiosOf = (side: NonNullable<typeof room>) => ({
    "sequential deliveries/s": ratio(side.sequential.deliveriesPerSecond, socketio.sequential.deliveriesPerSecond),
    "burst deliveries/s": ratio(side.burst.deliveriesPerSecond, socketio.burst.deliveriesPerSecond),
    "sequential p50": ratio(side.sequential.deliveryLatencyMs.p50, socketio.sequential.deliveryLatencyMs.p50),
    "sequential p99": ratio(side.sequential.deliveryLatencyMs.p99, socketio.sequential.deliveryLatencyMs.p99),
    "burst p50": ratio(side.burst.deliveryLatencyMs.p50, socketio.burst.deliveryLatencyMs.p50),
    "burst p99": ratio(side.burst.deliveryLatencyMs.p99, socketio.burst.deliveryLatencyMs.p99),
    "all welcomed ms": ratio(side.connect.allWelcomedMs, socketio.connect.allWelcomedMs),
  });
  const ratios = ratiosOf(room);
  /** The diagnostic side: the room behind vite preview's relay, and its ratios. */
  const previewFigures = (side: NonNullable<typeof room>, sideRatios: ReturnType<typeof ratiosOf>) => ({
    roomViaPreview: side,
    roomViaPreviewRatio: sideRatios,
  });
  const goals = { "sequential deliveries/s": "≥ socket.io peer", "burst deliveries/s": "≥ socket.io peer" };
  const goalsMet = { "sequential deliveries/s": ratios["sequential deliveries/s"] >= 1, "burst deliveries/s": ratios["burst deliveries/s"] >= 1 };
  const file = writeResult(
    benchName(import.meta.url),
    {
      setup: {
        clients: CLIENTS,
        warmup: WARMUP,
        messages: MESSAGES,
        burst: BURST,
        connectConcurrency: CONNECT_CONCURRENCY,
        measured: "per delivery: producer send → viewer receipt after parsing, one clock (this process, which holds every client); deliveries/s = deliveries ÷ phase wall time",
      },
      room,
      socketio,
      ratio: ratios,
      goalsMet,
      ...(roomViaPreview ? previewFigures(roomViaPreview, ratiosOf(roomViaPreview)) : {}),
    },
    goals,
  );
  log(`ratio room ÷ socket.io: ${JSON.stringify(ratios)}`);
  log(`goals met: ${JSON.stringify(goalsMet)}`);
  if (roomViaPreview) log(`behind the vite preview relay (roomViaPreview ÷ socket.io): ${JSON.stringify(ratiosOf(roomViaPreview))}`);
  log(`results written to ${file}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

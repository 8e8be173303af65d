// Fan-out of one webcast room: CLIENTS sockets in one room, one of them announces, every client
// must receive each broadcast. Measures per-delivery latency (send → receipt, same clock) and
// delivered messages per second. Runs against `vite dev` (websockets to /api/* reach workerd
// through @cloudflare/vite-plugin), so it includes the dev proxy hop a deploy does not have.
// Knobs: BENCH_CLIENTS (1000), BENCH_MESSAGES (200, sent one at a time), BENCH_BURST (50, sent
// back to back). All clients live in this one Node process, so client-side parsing is included.
import WebSocket from "ws";
import { PROTOCOL_VERSION } from "../domain/protocol/version.ts";
import { benchName, log, startLocalServer, summarize, writeResult } from "./lib.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const BURST = Number(process.env.BENCH_BURST ?? 50);
const WARMUP = 5;
const CONNECT_CONCURRENCY = 50;
const TIMEOUT_MS = 60_000;

/** Receipt times (performance.now()) per announcement text, filled by every client. */
const receipts = new Map<string, number[]>();
let onReceipt: ((text: string, count: number) => void) | null = null;

function connect(url: string): Promise<{ ws: WebSocket; connectionId: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error("welcome timed out")), TIMEOUT_MS);
    let welcomed = false;
    ws.on("error", (error) => (welcomed ? log(`client error: ${error.message}`) : reject(error)));
    ws.once("open", () => ws.send(JSON.stringify({ type: "hello", protocolVersion: PROTOCOL_VERSION })));
    ws.on("message", (data) => {
      const at = performance.now();
      // Plain JSON.parse, not the zod parser: the bench measures the room, not client validation.
      const message = JSON.parse(data.toString()) as { type: string; connectionId?: string; announcement?: { text: string } };
      if (message.type === "welcome" && message.connectionId) {
        clearTimeout(timer);
        welcomed = true;
        resolve({ ws, connectionId: message.connectionId });
      } else if (message.type === "room.announced" && message.announcement) {
        const text = message.announcement.text;
        const times = receipts.get(text);
        if (!times) return;
        times.push(at);
        onReceipt?.(text, times.length);
      } else if (message.type === "error" || message.type === "reload") {
        reject(new Error(`unexpected ${data.toString()}`));
      }
    });
  });
}

/** Sends announcements and resolves when every client received all of them. */
function announce(sender: WebSocket, texts: string[]): Promise<number[]> {
  const pending = new Set(texts);
  const sentAt: number[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${texts.length - pending.size}/${texts.length} fully delivered`)), TIMEOUT_MS);
    onReceipt = (text, count) => {
      if (count < CLIENTS || !pending.delete(text)) return;
      if (pending.size === 0) {
        clearTimeout(timer);
        onReceipt = null;
        resolve(sentAt);
      }
    };
    for (const text of texts) {
      receipts.set(text, []);
      sentAt.push(performance.now());
      sender.send(JSON.stringify({ type: "room.announce", text }));
    }
  });
}

async function main(): Promise<void> {
  log(`starting the local stack (vite dev); ${CLIENTS} clients, ${MESSAGES} sequential + ${BURST} burst messages`);
  const server = await startLocalServer();
  const sockets: WebSocket[] = [];
  try {
    const webcastId = String(100_000 + Math.floor(Math.random() * 900_000));
    const url = `${server.wsUrl}/api/webcasts/${webcastId}/room`;

    const connectStarted = performance.now();
    while (sockets.length < CLIENTS) {
      const batch = Math.min(CONNECT_CONCURRENCY, CLIENTS - sockets.length);
      const joined = await Promise.all(Array.from({ length: batch }, () => connect(url)));
      sockets.push(...joined.map((client) => client.ws));
      if (sockets.length % 200 === 0 || sockets.length === CLIENTS) log(`${sockets.length}/${CLIENTS} clients welcomed`);
    }
    const connectMs = performance.now() - connectStarted;
    const sender = sockets[0];
    if (!sender) throw new Error("no clients");

    for (let i = 0; i < WARMUP; i++) await announce(sender, [`warmup ${i}`]);
    log(`warm-up done; sending ${MESSAGES} messages one at a time`);

    const latencies: number[] = [];
    const allDelivered: number[] = [];
    const sequentialStarted = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const text = `seq ${i}`;
      const [sent = 0] = await announce(sender, [text]);
      const times = receipts.get(text) ?? [];
      for (const at of times) latencies.push(at - sent);
      allDelivered.push(Math.max(...times) - sent);
      if ((i + 1) % 50 === 0) log(`${i + 1}/${MESSAGES} sequential messages delivered to all`);
    }
    const sequentialMs = performance.now() - sequentialStarted;

    log(`sending a burst of ${BURST} messages back to back`);
    const burstTexts = Array.from({ length: BURST }, (_, i) => `burst ${i}`);
    const burstStarted = performance.now();
    const burstSent = await announce(sender, burstTexts);
    const burstLatencies: number[] = [];
    let lastReceipt = burstStarted;
    burstTexts.forEach((text, i) => {
      for (const at of receipts.get(text) ?? []) {
        burstLatencies.push(at - (burstSent[i] ?? burstStarted));
        lastReceipt = Math.max(lastReceipt, at);
      }
    });
    const burstMs = lastReceipt - burstStarted;

    const round = (value: number) => Math.round(value * 10) / 10;
    const figures = {
      server: "vite dev (@cloudflare/vite-plugin, workerd), local",
      clients: CLIENTS,
      connectAndWelcomeMs: round(connectMs),
      sequential: {
        messages: MESSAGES,
        deliveries: latencies.length,
        deliveryLatencyMs: summarize(latencies),
        lastClientLatencyMs: summarize(allDelivered),
        durationMs: round(sequentialMs),
        deliveredPerSecond: Math.round(latencies.length / (sequentialMs / 1000)),
      },
      burst: {
        messages: BURST,
        deliveries: burstLatencies.length,
        deliveryLatencyMs: summarize(burstLatencies),
        durationMs: round(burstMs),
        deliveredPerSecond: Math.round(burstLatencies.length / (burstMs / 1000)),
      },
    };
    const file = writeResult(benchName(import.meta.url), figures);
    log(`sequential: p50 ${figures.sequential.deliveryLatencyMs.p50} ms, p99 ${figures.sequential.deliveryLatencyMs.p99} ms, max ${figures.sequential.deliveryLatencyMs.max} ms, ${figures.sequential.deliveredPerSecond} deliveries/s`);
    log(`burst: p50 ${figures.burst.deliveryLatencyMs.p50} ms, p99 ${figures.burst.deliveryLatencyMs.p99} ms, ${figures.burst.deliveredPerSecond} deliveries/s`);
    log(`results written to ${file}`);
  } finally {
    log("closing clients and stopping the server");
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            const timer = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 5_000);
            ws.once("close", () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(1000, "bench done");
          }),
      ),
    );
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

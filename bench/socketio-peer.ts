// The Socket.IO peer of bench/webcast-room-broadcast.bench.ts: a minimal room server, run as its own
// Node process (`tsx bench/socketio-peer.ts`) so that it does not share the benchmark clients'
// event loop, as workerd does not. Socket.IO 4.8, websocket transport only, no perMessageDeflate.
//
// What it does, and nothing more (no auth, no validation, no storage, unlike the real room):
// - `hello` ({room}, with an ack callback): the socket joins the room and is answered a welcome
//   ({type, seq, snapshot: {current_slide_index}}); with SOCKETIO_PRESENCE=1 every join is also
//   broadcast to the room as a presence event ({live_viewers}), as the real room does;
// - `slide` ({id, index}, only from a socket whose handshake says role "producer"): the next seq,
//   an event `{type, seq, at, name, patch: {current_slide_index, last_activity_at}}` (the real
//   room's event, field for field) sent to the room with io.to(room).emit, then `ack` {id, seq}
//   to the producer.
// Prints `listening <port>` once it listens on 127.0.0.1 (port 0: any free port); ends on SIGTERM.
import { createServer } from "node:http";
import { Server } from "socket.io";

const presenceOnJoin = process.env.SOCKETIO_PRESENCE === "1";

const http = createServer();
const io = new Server(http, { transports: ["websocket"], perMessageDeflate: false, httpCompression: false, serveClient: false, cors: { origin: true } });

interface Room {
  seq: number;
  currentSlideIndex: number;
  viewers: number;
}
const rooms = new Map<string, Room>();
const roomOf = (name: string): Room => {
  let room = rooms.get(name);
  if (!room) {
    room = { seq: 0, currentSlideIndex: 0, viewers: 0 };
    rooms.set(name, room);
  }
  return room;
};

io.on("connection", (socket) => {
  const role = (socket.handshake.auth as { role?: unknown }).role === "producer" ? "producer" : "viewer";
  let joined: string | null = null;

  socket.on("hello", (hello: { room?: unknown }, answer?: (welcome: unknown) => void) => {
    if (joined !== null || typeof hello?.room !== "string" || typeof answer !== "function") return;
    joined = hello.room;
    const room = roomOf(joined);
    void socket.join(joined);
    answer({ type: "welcome", seq: room.seq, snapshot: { current_slide_index: room.currentSlideIndex } });
    if (role === "viewer") {
      room.viewers += 1;
      if (presenceOnJoin) {
        room.seq += 1;
        io.to(joined).emit("event", { type: "event", seq: room.seq, at: Date.now(), name: "presence", patch: { live_viewers: room.viewers } });
      }
    }
  });

  socket.on("slide", (command: { id?: unknown; index?: unknown }) => {
    if (role !== "producer" || joined === null || typeof command?.index !== "number") return;
    const room = roomOf(joined);
    const now = Date.now();
    room.seq += 1;
    room.currentSlideIndex = command.index;
    io.to(joined).emit("event", { type: "event", seq: room.seq, at: now, name: "slide.set", patch: { current_slide_index: command.index, last_activity_at: now } });
    socket.emit("ack", { type: "ack", id: command.id, seq: room.seq });
  });

  socket.on("disconnect", () => {
    if (joined !== null && role === "viewer") roomOf(joined).viewers -= 1;
  });
});

http.listen(0, "127.0.0.1", () => {
  const address = http.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});

process.on("SIGTERM", () => {
  io.close();
  process.exit(0);
});

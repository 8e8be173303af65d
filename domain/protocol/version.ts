/**
 * Version and limits of the webcast-room websocket protocol. Pure constants, shared by the web
 * client, the worker and the Durable Object. No authorization involved.
 *
 * Bump PROTOCOL_VERSION whenever a message schema changes (protocol-version.test.ts fails until
 * you do): clients that say hello with an older version get a `reload` frame.
 */
export const PROTOCOL_VERSION = 6;

/** Largest inbound frame, in UTF-8 bytes; bigger frames get an error frame and change nothing. */
export const MAX_FRAME_BYTES = 16 * 1024;

/** How many past events the room keeps for resuming clients; one further behind gets a snapshot. */
export const RESUME_WINDOW = 1_000;

/** Longest free-form identifier a client may send (client id, ping id). */
export const MAX_CLIENT_ID_LENGTH = 64;

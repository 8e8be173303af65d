import { expect, it } from "vitest";
import { isLoopbackUrl } from "./loopback.ts";

it("recognizes this machine's addresses only", () => {
  expect(["http://localhost:5173/x", "http://127.0.0.1/", "http://[::1]:8787/"].map(isLoopbackUrl)).toEqual([true, true, true]);
  expect(["https://events.example.com/", "http://localhost.example.com/", "not a url"].map(isLoopbackUrl)).toEqual([false, false, false]);
});

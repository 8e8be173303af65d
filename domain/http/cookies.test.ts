import { expect, it } from "vitest";
import { cookieNamesFor, XSRF_COOKIE_NAMES } from "./cookies.ts";

it("uses __Host- names with Secure over HTTPS, plain names on loopback http", () => {
  expect(cookieNamesFor("https://events.example.com/login")).toEqual({
    secure: true,
    session: "__Host-igo_session",
    xsrf: "__Host-XSRF-TOKEN",
    presession: "__Host-igo_presession",
  });
  for (const url of ["http://localhost:5173/", "http://127.0.0.1/", "http://[::1]:8787/"]) {
    expect(cookieNamesFor(url)).toEqual({ secure: false, session: "igo_session", xsrf: "XSRF-TOKEN", presession: "igo_presession" });
  }
  // HTTPS on this machine can hold __Host- cookies; plain http elsewhere gets Secure like before.
  expect(cookieNamesFor("https://localhost/").session).toBe("__Host-igo_session");
  expect(cookieNamesFor("http://events.example.com/").secure).toBe(true);
});

it("has the page look for the __Host- name first", () => {
  expect(XSRF_COOKIE_NAMES).toEqual(["__Host-XSRF-TOKEN", "XSRF-TOKEN"]);
});

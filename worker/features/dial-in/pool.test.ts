import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dialInPool } from "./pool.ts";
import { DIAL_IN_PIN_DIGITS, dialInSettings, newDialInPin } from "./service.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("dialInPool", () => {
  it("reads wrangler.toml's TOML array (the local, fictional numbers)", () => {
    expect(dialInPool(env.DIAL_IN_NUMBERS)).toEqual([
      { country: "CA", number: "+1 555 0100", label: "Toll-free" },
      { country: "US", number: "+1 555 0101" },
    ]);
  });

  it("reads a JSON string (a dashboard variable or a secret), trimming the texts", () => {
    expect(dialInPool('[{"country":"FR","number":" +33 1 55 55 01 00 ","label":" Paris "}]')).toEqual([{ country: "FR", number: "+33 1 55 55 01 00", label: "Paris" }]);
  });

  it("reads missing, empty and malformed values as no numbers, logging the malformed ones", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(dialInPool(undefined)).toEqual([]);
    expect(dialInPool("")).toEqual([]);
    expect(dialInPool([])).toEqual([]);
    expect(log).not.toHaveBeenCalled();
    expect(dialInPool("[{")).toEqual([]);
    expect(dialInPool([{ country: "ca", number: "+1 555 0100" }])).toEqual([]);
    expect(dialInPool([{ country: "CA", number: "call us" }])).toEqual([]);
    expect(dialInPool([{ country: "CA", number: "+1 555 0100", extension: "12" }])).toEqual([]);
    expect(log).toHaveBeenCalledTimes(4);
  });
});

describe("newDialInPin and dialInSettings", () => {
  it("draws PINs of 9 digits, leading zeros kept", () => {
    const pins = Array.from({ length: 200 }, newDialInPin);
    for (const pin of pins) expect(pin).toMatch(new RegExp(`^\\d{${DIAL_IN_PIN_DIGITS}}$`));
    expect(new Set(pins).size).toBe(pins.length);
    vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint32Array) array[0] = 42;
      return array;
    });
    expect(newDialInPin()).toBe("000000042");
  });

  it("says on only with both numbers and a PIN", () => {
    const numbers = [{ country: "CA", number: "+1 555 0100" }];
    expect(dialInSettings(numbers, "123456789")).toEqual({ enabled: true, numbers, pin: "123456789" });
    expect(dialInSettings(numbers, undefined)).toEqual({ enabled: false, numbers: [] });
    expect(dialInSettings([], "123456789")).toEqual({ enabled: false, numbers: [] });
  });
});

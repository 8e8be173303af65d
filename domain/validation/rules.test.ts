import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { domain, duplicateNameIndexes, excluded, invalidUrlIndexes, isDomainName, isPhoneNumber, isStreamUrl, phoneNumber, streamUrl, urlList } from "./rules.ts";
import { isDomainName as ssoIsDomainName } from "../sso/identity-provider.ts";

describe("domain (SPEC §5)", () => {
  it.each(["example.com", "Events.Example.CA", "a.b.c.d.e.example.com", "xn--bcher-kva.example", "my-site.io", `x.${"a".repeat(64)}`])("accepts %s", (value) => {
    expect(isDomainName(value)).toBe(true);
  });
  it.each(["example", "a.b.c.d.e.f.example.com", "-bad.com", "bad-.com", "exa mple.com", "example.c", "example.123", `x.${"a".repeat(65)}`, "http://example.com", "example.com."])(
    "refuses %s",
    (value) => expect(isDomainName(value)).toBe(false),
  );
  it("shows the caller's example in en and fr; empty passes", () => {
    expect(domain("nope", "en", { host: "example.com" })).toBe("Invalid domain name. Please use the syntax: example.com");
    expect(domain("nope", "fr", { host: "exemple.ca" })).toBe("Nom de domaine invalide. Veuillez utiliser la syntaxe : exemple.ca");
    expect(domain("example.com", "en", { host: "example.com" })).toBeNull();
    expect(domain("", "en", { host: "example.com" })).toBeNull();
  });
  it("agrees with the SSO domain check on lower-case input", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9.-]{1,40}$/), (value) => {
        expect(isDomainName(value)).toBe(ssoIsDomainName(value));
      }),
    );
  });
});

describe("excluded (SPEC §5)", () => {
  const list = ["example.com", "Other.ca"];
  it("refuses a value already in the list, trimmed and case-insensitively", () => {
    expect(excluded(" EXAMPLE.com ", "en", { list })).toBe("This domain has already been added");
    expect(excluded("other.CA", "fr", { list })).toBe("Ce domaine a déjà été ajouté");
  });
  it("accepts a new value and an empty one", () => {
    expect(excluded("new.org", "en", { list })).toBeNull();
    expect(excluded("", "en", { list })).toBeNull();
  });
});

describe("duplicate names in a list (SPEC §5)", () => {
  it("returns the indexes repeating an earlier name, trimmed and case-insensitive; blanks are skipped", () => {
    expect(duplicateNameIndexes(["Name", "E-mail", " name ", "", " ", null, "NAME", "e-mail"])).toEqual([2, 6, 7]);
    expect(duplicateNameIndexes(["Prénom", "Pre\u0301nom"])).toEqual([1]);
    expect(duplicateNameIndexes([])).toEqual([]);
  });
  it("flags each copy once and never the first of a kind", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "A", " a", "b", "c", "")), (names) => {
        const duplicates = duplicateNameIndexes(names);
        const keys = names.map((name) => name.trim().toLowerCase());
        const firsts = keys.map((key, index) => key !== "" && keys.indexOf(key) === index);
        expect(duplicates).toEqual(keys.flatMap((key, index) => (key !== "" && !firsts[index] ? [index] : [])));
      }),
    );
  });
});

describe("phone number (SPEC §5)", () => {
  it.each(["+1 514 555-0123", "+15145550123", "(514) 555-0123", "514.555.0123", "514-555-0123", "+33 1 23 45 67 89", "+44 (0) 20 7946 0958", "555 0123", "+1 (514) 555 - 0123", " 5145550123 "])(
    "accepts %s",
    (value) => expect(isPhoneNumber(value)).toBe(true),
  );
  it.each(["123456", "1234567890123456", "abc", "514-555-O123", "++1 514 555 0123", "1+514 555 0123", "(514 555-0123", "514--555-0123", "(514) (555) 0123", "514 555 0123 ext 4", "+"])(
    "refuses %s",
    (value) => expect(isPhoneNumber(value)).toBe(false),
  );
  it("gives the invalid-phone message in en and fr; empty passes", () => {
    expect(phoneNumber("12", "en")).toBe("Invalid phone number. Use 7 to 15 digits, for example +1 514 555-0123.");
    expect(phoneNumber("12", "fr")).toBe("Numéro de téléphone invalide. Utilisez de 7 à 15 chiffres, par exemple +1 514 555-0123.");
    expect(phoneNumber("", "en")).toBeNull();
    expect(phoneNumber("+1 514 555-0123", "fr")).toBeNull();
  });
  it("accepts any 7 to 15 digits in groups, and answers fast on long hostile input", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^\d{1,4}$/), { minLength: 1, maxLength: 6 }), fc.constantFrom(" ", "-", ".", " - "), (groups, separator) => {
        const digits = groups.join("").length;
        expect(isPhoneNumber(groups.join(separator))).toBe(digits >= 7 && digits <= 15);
      }),
    );
    const started = performance.now();
    isPhoneNumber(`${"1 ".repeat(5000)}x`);
    isPhoneNumber(`${"1".repeat(14)}${"-1".repeat(5000)}x`);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe("array of url (SPEC §5)", () => {
  it("accepts http and https entries (trimmed) and an empty list", () => {
    expect(urlList(["https://example.com/a", " http://x.test ", "HTTPS://EXAMPLE.COM"], "en")).toBeNull();
    expect(urlList([], "en")).toBeNull();
    expect(urlList(null, "en")).toBeNull();
  });
  it("names the first bad entry in en and fr", () => {
    expect(urlList(["https://ok.test", "ftp://files.test", "www.x.test"], "en")).toBe("Invalid URL format: ftp://files.test. A URL starts with http:// or https://.");
    expect(urlList(["www.x.test"], "fr")).toBe("Format d'URL invalide : www.x.test. Une URL commence par http:// ou https://.");
    expect(invalidUrlIndexes(["https://ok.test", "ftp://files.test", "www.x.test", "https://", "https://a b"])).toEqual([1, 2, 3, 4]);
  });
  it("names the position of a blank entry and shortens a long one", () => {
    expect(urlList(["https://ok.test", " "], "en")).toBe("Invalid URL format in entry 2. A URL starts with http:// or https://.");
    expect(urlList([""], "fr")).toBe("Format d'URL invalide à l'entrée 1. Une URL commence par http:// ou https://.");
    expect(urlList([`www.${"a".repeat(100)}`], "en")).toBe(`Invalid URL format: www.${"a".repeat(55)}…. A URL starts with http:// or https://.`);
  });
});

describe("stream URL (SPEC §5)", () => {
  const addresses = ["rtmp://live.example.com", "rtmps://live.example.com:443/app/"];
  it("accepts a URL under an address with a path after it", () => {
    expect(isStreamUrl("rtmp://live.example.com/app/key-123", addresses)).toBe(true);
    expect(isStreamUrl("RTMP://LIVE.example.com/k", addresses)).toBe(true);
    expect(isStreamUrl("rtmps://live.example.com:443/app/key", addresses)).toBe(true);
    expect(streamUrl(" rtmp://live.example.com/app/key ", "en", { addresses })).toBeNull();
    expect(streamUrl("", "en", { addresses })).toBeNull();
  });
  it.each(["rtmp://live.example.com", "rtmp://live.example.com/", "rtmps://live.example.com:443/app/", "rtmp://live.example.com.evil.test/app", "rtmp://other.test/app/key", "rtmp://live.example.com/app key", "https://live.example.com/app"])(
    "refuses %s",
    (value) => expect(isStreamUrl(value, addresses)).toBe(false),
  );
  it("names the allowed addresses in en and fr", () => {
    expect(streamUrl("rtmp://other.test/x", "en", { addresses: ["rtmp://a.test", "rtmps://a.test"] })).toBe(
      "The stream URL must start with rtmp://a.test or rtmps://a.test and have a path after the service address.",
    );
    expect(streamUrl("rtmp://other.test/x", "fr", { addresses: ["rtmp://a.test", "rtmps://a.test"] })).toBe(
      "L'URL du flux doit commencer par rtmp://a.test ou rtmps://a.test et comporter un chemin après l'adresse du service.",
    );
  });
});

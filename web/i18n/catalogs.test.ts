import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "../../domain/i18n/locales.ts";

/** msgid (with its msgctxt) → msgstr, from a .po file. Header and obsolete (#~) entries are skipped. */
function parsePo(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  let context = "";
  let id: string | undefined;
  let str: string | undefined;
  let field: "msgctxt" | "msgid" | "msgstr" | undefined;

  const flush = () => {
    if (id) entries.set(context ? `${context}\u0004${id}` : id, str ?? "");
    context = "";
    id = undefined;
    str = undefined;
    field = undefined;
  };

  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === "" || line.startsWith("#")) {
      if (line === "" || id !== undefined) flush();
      continue;
    }
    const match = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (match) {
      const [, keyword, literal = '""'] = match;
      if (keyword === "msgctxt" || (keyword === "msgid" && str !== undefined)) flush();
      field = keyword === "msgctxt" ? "msgctxt" : keyword === "msgid" ? "msgid" : "msgstr";
      const value = unquote(literal);
      if (field === "msgctxt") context = value;
      else if (field === "msgid") id = value;
      else str = value;
    } else if (line.startsWith('"') && field) {
      const value = unquote(line);
      if (field === "msgctxt") context += value;
      else if (field === "msgid") id = (id ?? "") + value;
      else str = (str ?? "") + value;
    } else {
      throw new Error(`Unexpected .po line: ${rawLine}`);
    }
  }
  flush();
  return entries;
}

function unquote(literal: string): string {
  const parsed: unknown = JSON.parse(literal);
  if (typeof parsed !== "string") throw new Error(`Not a string literal: ${literal}`);
  return parsed;
}

// Raw text: `?raw` bypasses the Lingui plugin, which would compile the catalogs.
const files = import.meta.glob<string>("./locales/*/messages.po", { query: "?raw", import: "default", eager: true });

const catalogs = new Map(
  UI_LOCALES.map((locale) => {
    const source = files[`./locales/${locale}/messages.po`];
    if (source === undefined) throw new Error(`No catalog for ${locale}`);
    return [locale, parsePo(source)] as const;
  }),
);

describe("parsePo", () => {
  it("reads contexts, multi-line strings and escapes, and skips the header", () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: fr\\n"',
      "",
      "#: a.tsx:1",
      'msgid "Hello {name}"',
      'msgstr "Bonjour {name}"',
      "",
      'msgctxt "menu"',
      'msgid ""',
      '"Long "',
      '"text"',
      'msgstr "Texte \\"long\\""',
      "",
      '#~ msgid "Old"',
      '#~ msgstr "Ancien"',
    ].join("\n");
    expect([...parsePo(po)]).toEqual([
      ["Hello {name}", "Bonjour {name}"],
      ["menu\u0004Long text", 'Texte "long"'],
    ]);
  });
});

describe("message catalogs", () => {
  const all = new Set([...catalogs.values()].flatMap((entries) => [...entries.keys()]));

  it("are not empty", () => {
    expect(all.size).toBeGreaterThan(0);
  });

  it.each(UI_LOCALES)("%s holds every message", (locale) => {
    const entries = catalogs.get(locale) ?? new Map<string, string>();
    const missing = [...all].filter((id) => !entries.has(id));
    expect(missing, `missing in ${locale}; run npx lingui extract --clean`).toEqual([]);
  });

  it.each(UI_LOCALES.filter((locale) => locale !== "en"))("%s translates every message", (locale) => {
    const entries = catalogs.get(locale) ?? new Map<string, string>();
    const untranslated = [...entries].filter(([, str]) => str.trim() === "").map(([id]) => id);
    expect(untranslated, `untranslated in ${locale}`).toEqual([]);
  });

  it.each(UI_LOCALES.filter((locale) => locale !== "en"))("%s keeps every {placeholder}", (locale) => {
    const entries = catalogs.get(locale) ?? new Map<string, string>();
    // A placeholder is `{name}` or an ICU argument `{name, plural|select, …}`; a plural branch's
    // text (`one {Deletion of …}`) is translated, so its first word is not one.
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?=[,}])/g)].map((m) => m[1]).sort();
    const broken = [...entries].filter(([id, str]) => str && placeholders(id).join() !== placeholders(str).join());
    expect(broken.map(([id]) => id)).toEqual([]);
  });
});

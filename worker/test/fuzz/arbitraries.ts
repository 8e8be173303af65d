import fc from "fast-check";

/**
 * fast-check arbitraries of hostile request bodies and websocket frames (issue #14 point 6):
 * wrong types per field, huge strings, deep nesting, control characters and lone surrogates,
 * unknown fields, wrong and missing content types, malformed JSON and form data. A body is
 * generated as a small description (`FuzzBody`) turned into bytes only when sent, so a failure
 * prints short (long strings are abbreviated).
 */

/** The largest string a field gets, in UTF-16 units (about 200 kB on the wire). */
export const HUGE = 200_000;

/** Characters that break naive code: controls, C1, lone surrogates, NUL, bidi overrides, BOMs, combining marks, astral pairs. */
const nastyUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constantFrom("\u0000", "\u202e", "\u200b", "\ufeff", "\ufffe", "\uffff", "e\u0301", "\u1e9b\u0323", "😀", "%00", "\\u0000", "<script>", "'; --", "{{", "${x}", "../") },
);

/** A short string full of control characters, lone surrogates and other nasties. */
export const nastyString = fc.array(nastyUnit, { minLength: 1, maxLength: 24 }).map((units) => units.join(""));

/** A very long string (1 000 units up to HUGE) of one repeated piece. */
export const hugeString = fc
  .record({ piece: fc.constantFrom("a", "é", "e\u0301", "😀", " ", "\u0000", "\ud800", "<b>", '"', "\\", "x@y.test,"), length: fc.integer({ min: 1_000, max: HUGE }) })
  .map(({ piece, length }) => piece.repeat(Math.max(1, Math.floor(length / piece.length))));

/** A value nested `depth` levels deep (arrays or objects), built without recursion. */
export function nested(depth: number, shape: "array" | "object"): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = shape === "array" ? [value] : { a: value };
  return value;
}
export const deepValue = fc.record({ depth: fc.integer({ min: 20, max: 2_000 }), shape: fc.constantFrom("array" as const, "object" as const) }).map(({ depth, shape }) => nested(depth, shape));

/** Keys a careless merge or lookup trips on. */
export const nastyKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "", " ", "id", "organization_id", "user_id", "is_super_admin", "role", "a.b", "0", "$where"),
  fc.string({ minLength: 1, maxLength: 12 }),
  nastyString,
);

/** Any value of another type than a field expects (and some of the same type but absurd). */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, "", " ", "0", "true", "null", "NaN", "9".repeat(40), "2026-02-30T25:61:00Z", "not-an-email", "javascript:alert(1)", [], {}, [null], { "": null }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  hugeString,
  deepValue,
);

/** A file part of a generated form. */
export interface FuzzFile {
  file: string;
  type: string;
  bytes: number[];
}
export type FormValue = string | FuzzFile;

/** A generated body, described; `requestInit` turns it into what is sent. */
export type FuzzBody =
  | { kind: "json"; value: unknown; contentType: string }
  | { kind: "raw"; text: string; bytes?: number[]; contentType: string | null }
  | { kind: "form"; entries: Array<[string, FormValue]>; multipart: boolean; contentType?: string };

/** What a route sends normally, as a template to bend. */
export type Template = { kind: "json"; value: unknown } | { kind: "form"; entries: Array<[string, FormValue]> };

const encoder = new TextEncoder();

/** The body and headers of a described body (no Content-Type at all when `contentType` is null). */
export function requestInit(body: FuzzBody): { body: BodyInit; headers: Record<string, string> } {
  if (body.kind === "json") return { body: encoder.encode(JSON.stringify(body.value) ?? ""), headers: { "Content-Type": body.contentType } };
  if (body.kind === "raw") {
    const bytes = body.bytes ? Uint8Array.from(body.bytes) : encoder.encode(body.text);
    return { body: bytes, headers: body.contentType === null ? {} : { "Content-Type": body.contentType } };
  }
  const headers: Record<string, string> = body.contentType ? { "Content-Type": body.contentType } : {};
  if (!body.multipart) {
    const params = new URLSearchParams();
    for (const [name, value] of body.entries) params.append(name, typeof value === "string" ? value : value.file);
    return { body: params, headers };
  }
  const data = new FormData();
  // workerd's FormData refuses a name or file name ending with a backslash (a client-side TypeError).
  const sendable = (name: string) => name.replace(/\\+$/, "");
  for (const [name, value] of body.entries) {
    if (typeof value === "string") data.append(sendable(name), value);
    else data.append(sendable(name), new File([Uint8Array.from(value.bytes)], sendable(value.file), { type: value.type }));
  }
  return { body: data, headers };
}

/** A short, printable description of a body (long strings cut), for failure reports. */
export function describeBody(body: FuzzBody): string {
  const text = JSON.stringify(body, (_key, value: unknown) => (typeof value === "string" && value.length > 80 ? `${value.slice(0, 40)}…(${value.length} units)` : value));
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** Every path of a JSON value (objects and arrays), the root's children first. */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(value)) value.forEach((item, index) => (out.push([...prefix, index]), pathsOf(item, [...prefix, index], out)));
  else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) (out.push([...prefix, key]), pathsOf(item, [...prefix, key], out));
  return out;
}

/** A copy of `value` with the thing at `path` replaced (or removed when `replacement` is REMOVE). */
export const REMOVE = Symbol("remove");
export function withAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = withAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === REMOVE) delete copy[String(head)];
  else Object.defineProperty(copy, String(head), { value: withAt(copy[String(head)], rest, replacement), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Adds `key` to the object at `path` (or wraps nothing when that is no object). */
function withKey(value: unknown, path: (string | number)[], key: string, item: unknown): unknown {
  const target = path.reduce<unknown>((node, step) => (node as Record<string | number, unknown> | undefined)?.[step], value);
  if (target === null || typeof target !== "object" || Array.isArray(target)) return value;
  return withAt(value, [...path, key], item);
}

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.api+json"];
const OTHER_TYPES = [
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/jsonx",
  "application/json, text/plain",
  "application/octet-stream",
  "",
  "*/*",
  ";",
];

/** Texts sent as JSON that are no JSON (or JSON no route wants at its top). */
function malformedJson(template: string): fc.Arbitrary<FuzzBody> {
  const text = fc.oneof(
    fc.constantFrom("", " ", "{", "[", "}", "nul", "undefined", "NaN", "1e999999", '{"a":}', "{'a':1}", '{"a":1,}', "[1,]", '"unterminated', "\ufeff{}", "{}{}", "\u0000"),
    fc.integer({ min: 0, max: Math.max(0, template.length - 1) }).map((end) => template.slice(0, end)),
    fc.string({ maxLength: 60 }),
    fc.integer({ min: 1_000, max: 60_000 }).map((depth) => "[".repeat(depth)),
    fc.integer({ min: 1_000, max: 60_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    fc.integer({ min: 1_000, max: 30_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  );
  const invalidUtf8 = fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 16 }).map((bytes): FuzzBody => ({ kind: "raw", text: "<bytes>", bytes: [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes, 0x22, 0x7d], contentType: "application/json" }));
  return fc.oneof(
    fc.record({ text, contentType: fc.constantFrom(...JSON_TYPES) }).map(({ text, contentType }): FuzzBody => ({ kind: "raw", text, contentType })),
    invalidUtf8,
  );
}

/** The template's JSON sent with another content type, or none. */
function wrongContentType(template: string): fc.Arbitrary<FuzzBody> {
  return fc.record({ contentType: fc.constantFrom<string | null>(null, ...OTHER_TYPES), text: fc.constantFrom(template, "a=1&b=2", "", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb") }).map(({ contentType, text }): FuzzBody => ({ kind: "raw", text, contentType }));
}

/** Bodies bent from a JSON template: one field of a wrong type, removed, an unknown field added, or another value altogether. */
function jsonBodies(value: unknown): fc.Arbitrary<FuzzBody> {
  const paths = pathsOf(value);
  const json = (contentType: fc.Arbitrary<string>, bodies: fc.Arbitrary<unknown>) => fc.record({ value: bodies, contentType }).map(({ value, contentType }): FuzzBody => ({ kind: "json", value, contentType }));
  const objectPaths: (string | number)[][] = [[], ...paths];
  const bent: fc.Arbitrary<unknown>[] = [
    fc.record({ key: nastyKey, item: wrongValue, at: fc.constantFrom(...objectPaths) }).map(({ key, item, at }) => withKey(value, at, key, item)),
    wrongValue,
    deepValue.map((deep) => ({ ...(value as object), nested: deep })),
  ];
  if (paths.length > 0) {
    bent.push(
      fc.record({ path: fc.constantFrom(...paths), item: wrongValue }).map(({ path, item }) => withAt(value, path, item)),
      fc.record({ path: fc.constantFrom(...paths), item: fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: hugeString }) }).map(({ path, item }) => withAt(value, path, item)),
      fc.constantFrom(...paths).map((path) => withAt(value, path, REMOVE)),
    );
  }
  const template = JSON.stringify(value ?? {});
  return fc.oneof(
    { weight: 8, arbitrary: json(fc.constantFrom(...JSON_TYPES), fc.oneof(...bent)) },
    { weight: 2, arbitrary: malformedJson(template) },
    { weight: 2, arbitrary: wrongContentType(template) },
  );
}

const fuzzFile: fc.Arbitrary<FuzzFile> = fc.record({
  file: fc.oneof(fc.constantFrom("a.png", "../../etc/passwd", "", "x.svg", "a.exe"), nastyString),
  type: fc.constantFrom("image/png", "image/svg+xml", "text/html", "application/octet-stream", ""),
  bytes: fc.oneof(
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
    fc.constant<number[]>([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    fc.constant<number[]>([...encoder.encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")]),
  ),
});

/** Bodies bent from a form template: a field with a nasty, huge or file value, duplicated, removed, an unknown field; as urlencoded or multipart. */
function formBodies(entries: Array<[string, FormValue]>): fc.Arbitrary<FuzzBody> {
  const names = entries.map(([name]) => name);
  const nastyValue: fc.Arbitrary<FormValue> = fc.oneof(nastyString, hugeString, fc.string({ maxLength: 40 }), fc.constantFrom("", "0", "-1", "true", "null", "[]", "{}", "9".repeat(40)), fuzzFile);
  const bends: fc.Arbitrary<Array<[string, FormValue]>>[] = [
    fc.record({ name: fc.oneof(nastyKey, fc.constantFrom("a[]", "a[b]", "_method")), value: nastyValue }).map(({ name, value }) => [...entries, [name, value] as [string, FormValue]]),
    fc.array(fc.tuple(fc.oneof(nastyKey, fc.constantFrom(...(names.length ? names : ["a"]))), nastyValue), { maxLength: 6 }),
  ];
  if (names.length > 0) {
    bends.push(
      fc.record({ index: fc.nat({ max: entries.length - 1 }), value: nastyValue }).map(({ index, value }) => entries.map(([name, old], i): [string, FormValue] => [name, i === index ? value : old])),
      fc.record({ index: fc.nat({ max: entries.length - 1 }), value: nastyValue }).map(({ index, value }) => [...entries, [names[index] ?? "a", value] as [string, FormValue]]),
      fc.nat({ max: entries.length - 1 }).map((index) => entries.filter((_, i) => i !== index)),
    );
  }
  const asObject = Object.fromEntries(entries.map(([name, value]) => [name, typeof value === "string" ? value : value.file]));
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ entries: fc.oneof(...bends), multipart: fc.boolean() }).map(({ entries, multipart }): FuzzBody => ({ kind: "form", entries, multipart })) },
    // A form whose header lies: multipart without its boundary, urlencoded parts declared as multipart.
    { weight: 1, arbitrary: fc.record({ entries: fc.constant(entries), multipart: fc.boolean(), contentType: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", "application/x-www-form-urlencoded; charset=utf-16") }).map((body): FuzzBody => ({ kind: "form", ...body })) },
    { weight: 2, arbitrary: fc.record({ value: fc.oneof(fc.constant<unknown>(asObject), wrongValue), contentType: fc.constantFrom(...JSON_TYPES) }).map(({ value, contentType }): FuzzBody => ({ kind: "json", value, contentType })) },
    { weight: 2, arbitrary: wrongContentType(new URLSearchParams(Object.entries(asObject)).toString()) },
  );
}

/** Hostile bodies for a route whose normal body is `template`. */
export function bodiesFor(template: Template): fc.Arbitrary<FuzzBody> {
  return template.kind === "json" ? jsonBodies(template.value) : formBodies(template.entries);
}

/** The template of a route's normal request (its JSON, its form fields; `{}` when it sends nothing). */
export async function templateOf(request: { json?: unknown; body?: BodyInit }): Promise<Template> {
  if (request.body instanceof URLSearchParams) return { kind: "form", entries: [...request.body.entries()] };
  if (request.body instanceof FormData) {
    const entries: Array<[string, FormValue]> = [];
    for (const [name, value] of request.body.entries()) {
      // workers-types types FormData values as strings; a File is what the route cases append.
      const part: unknown = value;
      entries.push([name, part instanceof File ? { file: part.name, type: part.type, bytes: [...new Uint8Array(await part.arrayBuffer())] } : String(part)]);
    }
    return { kind: "form", entries };
  }
  return { kind: "json", value: request.json ?? {} };
}

/** A generated websocket frame: text, or binary. */
export type FuzzFrame = { text: string } | { bytes: number[] };

/** Hostile websocket frames: random text, binary, huge frames, JSON of wrong shapes, unknown types, deep nesting. */
export function framesFor(types: readonly string[]): fc.Arbitrary<FuzzFrame> {
  const text = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((text): FuzzFrame => ({ text }));
  const typed = fc.record({ type: fc.oneof(fc.constantFrom(...types), nastyString, fc.string({ maxLength: 12 }), wrongValue) }, { requiredKeys: [] });
  const shaped = fc
    .record({ base: typed, extra: fc.dictionary(fc.oneof(nastyKey, fc.constantFrom("protocolVersion", "clientId", "id", "text")), wrongValue, { maxKeys: 4 }) })
    .map(({ base, extra }) => JSON.stringify({ ...extra, ...base }));
  return fc.oneof(
    text(fc.string({ maxLength: 80 })),
    text(nastyString),
    text(fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value))),
    text(shaped),
    text(fc.integer({ min: 100, max: 8_000 }).map((depth) => `${'{"type":'.repeat(depth)}1${"}".repeat(depth)}`)),
    text(fc.integer({ min: 100, max: 16_000 }).map((depth) => "[".repeat(depth))),
    text(fc.record({ piece: fc.constantFrom("a", "é", "😀", "\ud800"), length: fc.integer({ min: 16_000, max: 120_000 }) }).map(({ piece, length }) => JSON.stringify({ type: "ping", id: piece.repeat(length / piece.length) }))),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }).map((bytes): FuzzFrame => ({ bytes })),
    fc.constantFrom<FuzzFrame>({ bytes: [0xff, 0xfe] }, { bytes: [...encoder.encode('{"type":"ping","id":"x"}'), 0xc3] }, { bytes: [] }),
  );
}

/** A printable frame description for failure reports. */
export function describeFrame(frame: FuzzFrame): string {
  if ("bytes" in frame) return `<${frame.bytes.length} bytes: ${frame.bytes.slice(0, 16).join(",")}>`;
  return frame.text.length > 120 ? `${JSON.stringify(frame.text.slice(0, 60))}…(${frame.text.length} units)` : JSON.stringify(frame.text);
}

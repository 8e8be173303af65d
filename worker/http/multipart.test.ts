import { describe, expect, it } from "vitest";
import { cleanContentType, cleanFileName } from "../features/uploads/names.ts";
import { MalformedForm, multipartBoundary, multipartParts, readText } from "./multipart.ts";

/** A stream handing `bytes` on in chunks of `size` (1 byte splits every delimiter). */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** A FormData body as the runtime encodes it, with its Content-Type. */
async function encoded(fields: Record<string, string | Blob>): Promise<{ bytes: Uint8Array; contentType: string }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get("Content-Type") ?? "" };
}

async function partsOf(stream: ReadableStream<Uint8Array>, boundary: string) {
  const parts: { name: string; filename: string | null; contentType: string | null; text: string | null }[] = [];
  for await (const part of multipartParts(stream, boundary)) parts.push({ name: part.name, filename: part.filename, contentType: part.contentType, text: await readText(part.body, 1 << 20) });
  return parts;
}

describe("multipartParts", () => {
  it("reads fields and a file whatever the chunking (delimiters split across chunks)", async () => {
    const binary = new Uint8Array(3000).map((_, index) => (index * 7) % 256);
    const { bytes, contentType } = await encoded({ title: "Déjà vu", kind: "file", file: new File([binary], 'a "b".bin', { type: "application/pdf" }) });
    const boundary = multipartBoundary(contentType);
    expect(boundary).not.toBeNull();
    for (const size of [1, 7, 64, 1 << 16]) {
      const seen: { name: string; filename: string | null; bytes: number[] }[] = [];
      for await (const part of multipartParts(chunked(bytes, size), boundary ?? "")) {
        const collected: number[] = [];
        for await (const chunk of part.body) collected.push(...chunk);
        seen.push({ name: part.name, filename: part.filename, bytes: collected });
      }
      expect(seen.map((part) => [part.name, part.filename])).toEqual([
        ["title", null],
        ["kind", null],
        ["file", 'a "b".bin'],
      ]);
      expect(new TextDecoder().decode(Uint8Array.from(seen[0]?.bytes ?? []))).toBe("Déjà vu");
      expect(Uint8Array.from(seen[2]?.bytes ?? [])).toEqual(binary);
    }
  });

  it("skips what a caller does not read, and reads quoted boundaries", async () => {
    const body = ["--x y", 'Content-Disposition: form-data; name="skipped"; filename="s.txt"', "", "unread bytes", "--x y", 'Content-Disposition: form-data; name="b"', "", "2", "--x y--", ""].join("\r\n");
    const boundary = multipartBoundary('multipart/form-data; boundary="x y"');
    expect(boundary).toBe("x y");
    const names: string[] = [];
    for await (const part of multipartParts(chunked(new TextEncoder().encode(body), 3), boundary ?? "")) {
      names.push(part.name);
      if (part.name === "b") expect(await readText(part.body, 10)).toBe("2");
    }
    expect(names).toEqual(["skipped", "b"]);
    expect(multipartBoundary("application/json")).toBeNull();
  });

  it("refuses a body that is not multipart as announced", async () => {
    const truncated = ["--b", 'Content-Disposition: form-data; name="a"', "", "never closed"].join("\r\n");
    await expect(partsOf(chunked(new TextEncoder().encode(truncated), 5), "b")).rejects.toBeInstanceOf(MalformedForm);
    await expect(partsOf(chunked(new TextEncoder().encode("no delimiter at all"), 5), "b")).rejects.toBeInstanceOf(MalformedForm);
    const nameless = ["--b", "Content-Disposition: form-data", "", "x", "--b--"].join("\r\n");
    await expect(partsOf(chunked(new TextEncoder().encode(nameless), 5), "b")).rejects.toBeInstanceOf(MalformedForm);
  });
});

describe("names and types", () => {
  it("keeps a file's last path segment without control characters, and a plain declared type", () => {
    expect(cleanFileName("C:\\Users\\me\\deck\u0000.pdf")).toBe("deck.pdf");
    expect(cleanFileName("  ")).toBe("file");
    expect(cleanFileName("x".repeat(300))).toHaveLength(255);
    expect(cleanContentType("Text/HTML; charset=utf-8")).toBe("text/html");
    expect(cleanContentType("not a type")).toBe("application/octet-stream");
    expect(cleanContentType(null)).toBe("application/octet-stream");
  });
});

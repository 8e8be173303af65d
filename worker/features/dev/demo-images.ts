/**
 * Small PNG images drawn for the demo branding (local seed only): no image file in the repository,
 * nothing fetched. RGBA, no interlace, one zlib stream (CompressionStream "deflate" is zlib).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG of `width` × `height` whose pixel (x, y) is `pixel(x, y)` as [r, g, b, a]. */
export async function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number, number]): Promise<Uint8Array> {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 4);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filters, no interlace
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", await zlib(raw)), chunk("IEND", new Uint8Array())];
  const png = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** A 128 × 128 logo: a rounded square of `color` with a white "play" triangle. */
export function demoLogo(color: string): Promise<Uint8Array> {
  const [r, g, b] = rgb(color);
  const size = 128;
  const radius = 28;
  return encodePng(size, size, (x, y) => {
    const cx = Math.min(Math.max(x, radius), size - 1 - radius);
    const cy = Math.min(Math.max(y, radius), size - 1 - radius);
    if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return [0, 0, 0, 0];
    // Triangle pointing right: from (48, 36) and (48, 92) to (94, 64).
    const inTriangle = x >= 48 && x <= 94 && Math.abs(y - 64) <= ((94 - x) * 28) / 46;
    return inTriangle ? [255, 255, 255, 255] : [r, g, b, 255];
  });
}

/** A 480 × 270 cover: a diagonal gradient from `color` to a darker shade. */
export function demoCover(color: string): Promise<Uint8Array> {
  const [r, g, b] = rgb(color);
  const width = 480;
  const height = 270;
  return encodePng(width, height, (x, y) => {
    const shade = 1 - (0.55 * (x / width + y / height)) / 2;
    return [Math.round(r * shade), Math.round(g * shade), Math.round(b * shade), 255];
  });
}

// Small real PNG images for browser tests, made in memory (no fixtures on disk).
import { deflateSync } from 'node:zlib';
import type { Locator } from 'playwright-core';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG whose pixels `paint(x, y)` gives. */
export function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) rows.set(paint(x, y), row + 1 + x * 4);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A logo-like picture on a transparent background: a coloured disc (a wave cut through it) and a
 * bar beside it, wider than tall when `width > height`, so a cropped display would show.
 */
export function logoPng(width: number, height: number, colour: [number, number, number]): Buffer {
  const radius = Math.min(width, height) * 0.42;
  const cx = Math.min(width, height) / 2;
  const cy = height / 2;
  return png(width, height, (x, y) => {
    const inDisc = (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
    const wave = Math.abs(y - cy - Math.sin((x - cx) / (radius / 3)) * radius * 0.25) < radius * 0.12;
    if (inDisc) return wave ? [255, 255, 255, 255] : [...colour, 255];
    const bar = x > cx + radius * 1.25 && x < width - height * 0.1 && Math.abs(y - cy) < height * 0.12;
    return bar ? [40, 48, 60, 255] : [0, 0, 0, 0];
  });
}

/** A photo-like picture: a gradient in the given tint with a diagonal stripe, so thumbnails show something. */
export function pngPicture(width: number, height: number, tint: [number, number, number]): Buffer {
  return png(width, height, (x, y) => {
    const stripe = Math.abs(x - y) < 12 ? 0.35 : 1;
    const shade = 0.45 + (0.55 * (x + y)) / (width + height);
    const [r, g, b] = tint.map((value) => Math.round(value * shade * stripe));
    return [r, g, b, 255];
  });
}

/**
 * Waits (up to 30 s) until the image the locator names holds a decoded picture `width` pixels wide
 * (bytes from the S3 stand-in through a presigned GET), and says it is a signed URL. Polled through
 * the locator rather than one element's load event: when a URL fails or a re-read brings a fresh
 * one, MUI's Avatar and the photo views drop the old <img> and render a new one, so an element found
 * early may never fire `load`.
 */
export async function expectImageLoaded(image: Locator, width: number): Promise<void> {
  await image.waitFor();
  const deadline = Date.now() + 30_000;
  let loaded = 0;
  while (Date.now() < deadline) {
    loaded = await image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0), undefined, { timeout: 5_000 }).catch(() => 0);
    if (loaded === width) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(loaded).toBe(width);
  expect(await image.getAttribute('src')).toMatch(/X-Amz-Signature=/);
}

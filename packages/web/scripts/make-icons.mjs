/**
 * Draws the installable app's icons (public/icons/*.png) without image libraries: a PNG encoder
 * of a few lines over node:zlib. The shape matches public/icons/icon.svg: the brand colour, and
 * three white "lines" ending in a plug dot — a switchboard. Run `node scripts/make-icons.mjs`
 * after changing the design; the output is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = [0x6b, 0x62, 0xfe];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The design in a 100×100 space: true where the mark is white. */
function mark(u, v) {
  const rows = [30, 50, 70];
  for (const row of rows) {
    const line = u >= 22 && u <= 62 && Math.abs(v - row) <= 4;
    const dot = (u - 72) ** 2 + (v - row) ** 2 <= 8 ** 2;
    if (line || dot) return true;
  }
  return false;
}

/** `safe`: the fraction of the icon the mark may use (maskable icons are cropped to a circle). */
function draw(size, { rounded, safe }) {
  return encodePng(size, (x, y) => {
    const u = (x / size) * 100;
    const v = (y / size) * 100;
    if (rounded) {
      const r = 18;
      const cx = Math.min(Math.max(u, r), 100 - r);
      const cy = Math.min(Math.max(v, r), 100 - r);
      if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return [0, 0, 0, 0];
    }
    const mu = 50 + (u - 50) / safe;
    const mv = 50 + (v - 50) / safe;
    return [...(mark(mu, mv) ? WHITE : BRAND), 255];
  });
}

fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'icon-192.png'), draw(192, { rounded: true, safe: 1 }));
fs.writeFileSync(path.join(OUT, 'icon-512.png'), draw(512, { rounded: true, safe: 1 }));
fs.writeFileSync(path.join(OUT, 'maskable-512.png'), draw(512, { rounded: false, safe: 1.25 }));
fs.writeFileSync(path.join(OUT, 'apple-touch-icon.png'), draw(180, { rounded: false, safe: 1.1 }));

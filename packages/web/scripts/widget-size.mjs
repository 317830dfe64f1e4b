#!/usr/bin/env node
/**
 * The chat widget's size as websites download it: dist/widget.js gzipped (level 9).
 *
 *   node scripts/widget-size.mjs            prints the size
 *   node scripts/widget-size.mjs --max 30   also exits 1 above 30 KB
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const file = path.resolve(import.meta.dirname, '../dist/widget.js');
if (!fs.existsSync(file)) throw new Error('run `npm run build -w @switchboard/web` first (dist/widget.js missing)');
const raw = fs.readFileSync(file);
const gzipped = zlib.gzipSync(raw, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`widget.js: ${kb(raw.length)} raw, ${kb(gzipped)} gzipped`);
const maxIndex = process.argv.indexOf('--max');
if (maxIndex > 0) {
  const max = Number(process.argv[maxIndex + 1]) * 1024;
  if (gzipped > max) {
    console.error(`widget.js is over the ${kb(max)} budget`);
    process.exit(1);
  }
}

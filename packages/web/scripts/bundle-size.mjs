#!/usr/bin/env node
/**
 * What the login page downloads: the entry chunk, every chunk it imports statically, and the
 * login route's lazy chunk with its static imports, gzipped (level 9) and summed. Reads the
 * manifest of the last `vite build` (dist/.vite/manifest.json).
 *
 *   node scripts/bundle-size.mjs            prints a table and the total
 *   node scripts/bundle-size.mjs --max 300  also exits 1 above 300 KB
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const LOGIN_SOURCE = 'src/pages/Login/LoginPage.tsx';
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || !manifest[LOGIN_SOURCE]) throw new Error('run `vite build` first (entry or login chunk missing)');

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = closure(LOGIN_SOURCE, closure(entryKey));
const rows = [...keys].map((key) => {
  const file = manifest[key].file;
  const bytes = fs.readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1);
for (const r of rows) console.log(`${kb(r.gzip).padStart(8)} KB gz  ${kb(r.raw).padStart(8)} KB  ${r.file}`);
const total = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
console.log(`${kb(total).padStart(8)} KB gz  ${kb(totalRaw).padStart(8)} KB  total JavaScript for /login`);

const maxIndex = process.argv.indexOf('--max');
if (maxIndex > 0 && total / 1024 > Number(process.argv[maxIndex + 1])) {
  console.error(`login page JavaScript exceeds ${process.argv[maxIndex + 1]} KB gzipped`);
  process.exit(1);
}

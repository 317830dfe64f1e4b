import { benchIngest, describeIngest } from '/work/main/bench/ingest.js';
const t = Date.now();
const r = await benchIngest(process.argv[2] as 'pglite' | 'postgres', Number(process.argv[3]), Number(process.argv[4]));
console.log(describeIngest(r), Date.now() - t, 'ms');
process.exit(0);

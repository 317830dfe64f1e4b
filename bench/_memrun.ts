import { benchMemory } from '/work/wt/embedded/bench/memory.ts';
await benchMemory({ postgres: process.env.PGMEM === '1' });
process.exit(0);

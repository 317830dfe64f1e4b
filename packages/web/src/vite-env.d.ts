/// <reference types="vite/client" />

/** The package version, written in at build time (see vite.config.ts). */
declare const __APP_VERSION__: string;

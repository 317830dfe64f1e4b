/** A baileys ILogger that drops everything (the test server's own Signal parties are not under test). */
import type { ILogger } from 'baileys/lib/Utils/logger.js';

export const silentLogger: ILogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

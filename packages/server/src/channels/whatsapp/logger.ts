/**
 * Baileys wants a pino-like logger and is very chatty below "warn". The driver's context logger
 * gets warnings and errors only; trace/debug/info are dropped.
 */
import type { SocketConfig } from 'baileys';
import type { DriverContext } from '../driver.js';

export type BaileysLogger = SocketConfig['logger'];

export function toBaileysLogger(log: DriverContext['log']): BaileysLogger {
  const quiet = () => undefined;
  const logger: BaileysLogger = {
    level: 'warn',
    child: () => logger,
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: (obj, msg) => log.warn(obj, msg),
    error: (obj, msg) => log.error(obj, msg),
  };
  return logger;
}

/**
 * The process-wide last resort for a promise rejection nobody handled. Every background promise
 * is meant to handle its own failure (a log, a retry or a visible state); one that does not is a
 * bug. Node's default would end the process — and with it every channel session and the HTTP API
 * — for what is usually one failed background step, so the rejection is logged as an error, with
 * its stack, and the server keeps serving. Uncaught exceptions are left to Node: after one the
 * process state is unknown.
 */
export interface RejectionLog {
  error(obj: unknown, msg?: string): void;
}

export function logUnhandledRejections(proc: Pick<NodeJS.Process, 'on'>, log: RejectionLog): void {
  proc.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (a bug: this background step did not handle its failure)');
  });
}

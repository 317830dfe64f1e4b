/**
 * Work a transaction does as its last statements, just before it commits: every `db.transaction`
 * runs the hooks registered on it (db/client.ts). Used where writes to shared rows are better
 * gathered and made at once, in a fixed order, than as each change happens (the dashboard
 * figures, store/kept-deltas.ts).
 */
type Hook = () => Promise<void>;

const hooks = new WeakMap<object, Map<symbol, Hook>>();

/** Called as a transaction starts. */
export function openCommitHooks(tx: object): void {
  hooks.set(tx, new Map());
}

/** Runs the transaction's hooks (each once, in the order first registered) and forgets them. */
export async function runCommitHooks(tx: object): Promise<void> {
  const registered = hooks.get(tx);
  hooks.delete(tx);
  for (const hook of registered?.values() ?? []) await hook();
}

/**
 * Registers `hook` under `key` (a second registration of the key is ignored) on a transaction
 * opened by db.transaction. False when `db` is no such transaction: the caller then does its
 * work at once.
 */
export function beforeCommit(db: object, key: symbol, hook: Hook): boolean {
  const registered = hooks.get(db);
  if (!registered) return false;
  if (!registered.has(key)) registered.set(key, hook);
  return true;
}

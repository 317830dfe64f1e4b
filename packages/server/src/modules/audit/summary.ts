/**
 * What the audit log keeps of a record: a bounded copy with every secret replaced by "[hidden]"
 * (passwords and their hashes, tokens, webhook and app secrets, QR codes, channel sessions).
 * Bounded so a large answer (an import's report, a long greeting) cannot grow the log without end.
 */

export const HIDDEN = '[hidden]';

/** Keys whose value is a secret, wherever they occur. */
const SECRET_KEY = /(password|passwd|secret|token|hash|qrcode|apikey|api_key|credential|authstate|auth_state|private_key|session$)/i;
/** Whether a field holds a secret (its value is never kept). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Keys that change with every write and say nothing about the change. */
const NOISE_KEY = /^(updatedAt|updated_at)$/;
const MAX_TEXT = 300;
const MAX_ITEMS = 50;
const MAX_DEPTH = 4;

export function summarize(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => summarize(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`);
    return items;
  }
  if (typeof value === 'object') {
    const source = value as Record<string, unknown>;
    // A setting is a key and its value: the value of a secret setting (the API token) is the secret.
    const secretSetting = typeof source.key === 'string' && 'value' in source && SECRET_KEY.test(source.key);
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(source)) {
      if (NOISE_KEY.test(key)) continue;
      out[key] =
        SECRET_KEY.test(key) || (secretSetting && key === 'value') ? (v === null || v === '' ? v : HIDDEN) : summarize(v, depth + 1);
    }
    return out;
  }
  return null;
}

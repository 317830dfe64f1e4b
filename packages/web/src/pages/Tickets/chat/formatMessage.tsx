/**
 * Message text → React nodes (spec §2 Message rendering): *bold* and ~strikethrough~ markers,
 * links that open in a new tab. Everything is rendered as text nodes — customer text is never
 * parsed as HTML, so `<img onerror=…>` simply reads as those characters.
 */
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/** Only these schemes become links; anything else (javascript:, data:) stays plain text. */
const LINK = /(?:https?:\/\/|mailto:|tel:)[^\s<>"]+/;
const BOLD = /\*([^*\n]+)\*/;
const STRIKE = /~([^~\n]+)~/;

/** Trailing punctuation usually ends the sentence, not the URL. */
function trimLink(url: string): string {
  return url.replace(/[.,;:!?)\]]+$/, '');
}

export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

type Rule = { re: RegExp; render(match: RegExpExecArray, key: string): ReactNode; consumed(match: RegExpExecArray): number };

const RULES: Rule[] = [
  {
    re: LINK,
    consumed: (m) => trimLink(m[0]).length,
    render: (m, key) => {
      const url = trimLink(m[0]);
      const href = safeHref(url);
      if (!href) return url;
      return (
        <Link key={key} href={href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
          {url}
        </Link>
      );
    },
  },
  { re: BOLD, consumed: (m) => m[0].length, render: (m, key) => <strong key={key}>{formatMessage(m[1], key)}</strong> },
  { re: STRIKE, consumed: (m) => m[0].length, render: (m, key) => <s key={key}>{formatMessage(m[1], key)}</s> },
];

/** The earliest marker in `text`; links win over markers at the same place (URLs may hold * or ~). */
function firstMatch(text: string): { rule: Rule; match: RegExpExecArray } | null {
  let best: { rule: Rule; match: RegExpExecArray } | null = null;
  for (const rule of RULES) {
    const match = rule.re.exec(text);
    if (match && (!best || match.index < best.match.index)) best = { rule, match };
  }
  return best;
}

export function formatMessage(text: string, keyPrefix = 'm'): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest) {
    const found = firstMatch(rest);
    if (!found) {
      out.push(rest);
      break;
    }
    const { rule, match } = found;
    if (match.index > 0) out.push(rest.slice(0, match.index));
    out.push(rule.render(match, `${keyPrefix}-${n++}`));
    rest = rest.slice(match.index + Math.max(1, rule.consumed(match)));
  }
  return out;
}

/** The text without its formatting markers, for one-line previews (the ticket list). */
export function plainText(text: string): string {
  return text.replace(/\*([^*\n]+)\*/g, '$1').replace(/~([^~\n]+)~/g, '$1');
}

/**
 * WhatsApp's text formatting for the widget's bubbles: *bold*, _italic_, ~strikethrough~,
 * ```monospace``` and links (http, https, mailto, tel only). Built from DOM nodes with the text as
 * text nodes — what a person wrote is never parsed as HTML.
 */

/** Only these schemes become links; anything else (javascript:, data:) stays plain text. */
const LINK = /(?:https?:\/\/|mailto:|tel:)[^\s<>"]+/;

interface Marker {
  re: RegExp;
  tag: 'strong' | 'em' | 's' | 'code';
  /** Monospace text is shown as written: no formatting inside. */
  literal?: boolean;
}

// A marker opens at the start or after a non-word character and closes before one, as in WhatsApp:
// snake_case_names and 2*3*4 are not formatting.
const MARKERS: Marker[] = [
  { re: /```([\s\S]+?)```/, tag: 'code', literal: true },
  { re: /(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/, tag: 'strong' },
  { re: /(?<![\w_])_(?=\S)([^_\n]*?\S)_(?!\w)/, tag: 'em' },
  { re: /(?<![\w~])~(?=\S)([^~\n]*?\S)~(?!\w)/, tag: 's' },
];

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

export function formatWhatsAppText(text: string): Node[] {
  const out: Node[] = [];
  let rest = text;
  while (rest) {
    let best: { index: number; length: number; node: () => Node } | null = null;
    const link = LINK.exec(rest);
    if (link) {
      const url = link[0].replace(/[.,;:!?)\]]+$/, '');
      const href = safeHref(url);
      best = {
        index: link.index,
        length: url.length || 1,
        node: () => {
          if (!href) return document.createTextNode(url);
          const a = document.createElement('a');
          a.href = href;
          a.target = '_blank';
          a.rel = 'noopener noreferrer';
          a.textContent = url;
          return a;
        },
      };
    }
    for (const marker of MARKERS) {
      const m = marker.re.exec(rest);
      // Links win over markers at the same place (URLs may hold * _ or ~).
      if (!m || (best && m.index >= best.index)) continue;
      best = {
        index: m.index,
        length: m[0].length,
        node: () => {
          const el = document.createElement(marker.tag);
          el.append(...(marker.literal ? [document.createTextNode(m[1])] : formatWhatsAppText(m[1])));
          return el;
        },
      };
    }
    if (!best) {
      out.push(document.createTextNode(rest));
      break;
    }
    if (best.index > 0) out.push(document.createTextNode(rest.slice(0, best.index)));
    out.push(best.node());
    rest = rest.slice(best.index + best.length);
  }
  return out;
}

/**
 * A message's text as a block of its own: under a file it is the caption, on its own line (the
 * file's name stored as the body of a captionless file is not repeated).
 */
export function messageText(message: { body: string; mediaUrl: string | null; mediaName: string | null }): HTMLElement | null {
  if (!message.body || (message.mediaUrl && message.body === message.mediaName)) return null;
  const el = document.createElement('div');
  el.className = 'text';
  el.append(...formatWhatsAppText(message.body));
  return el;
}

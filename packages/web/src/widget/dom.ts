/** A tiny element builder: the widget draws with the DOM directly, no framework on the host page. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) el.setAttribute(name, value);
  // Text is always added as text nodes: what people write is never parsed as HTML.
  for (const child of children) el.append(child);
  return el;
}

/**
 * A tab badge's count, short enough for the compact tabs: exact up to 999, then in the language's
 * compact notation rounded down ("1.2K", "1,2 mil"), with "+" when the figure is a lower bound —
 * rounded down, or the server stopped counting at its cap ("10K+", "10 mil+").
 */
export interface TabCount {
  /** What the badge shows. */
  short: string;
  /** The full figure for the tooltip, or null when `short` is already exact. */
  atLeast: string | null;
}

export function tabCount(count: number, capped: boolean, language: string): TabCount {
  const full = new Intl.NumberFormat(language).format(count);
  if (count < 1000 && !capped) return { short: full, atLeast: null };
  // Two significant figures, rounded down, so the badge never claims more than there is.
  const step = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  const floored = Math.floor(count / step) * step;
  const short = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(floored);
  const lowerBound = capped || floored < count;
  return { short: lowerBound ? `${short}+` : short, atLeast: lowerBound ? full : null };
}

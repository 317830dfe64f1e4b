/** Minutes as the dashboard shows them (spec §2: hours and minutes), e.g. 125.6 → "2h 6min". */
export function formatDuration(minutes: number | null | undefined): string {
  const total = Number.isFinite(minutes) && (minutes as number) > 0 ? Math.round(minutes as number) : 0;
  return `${Math.floor(total / 60)}h ${total % 60}min`;
}

/** A percentage with at most one decimal: 33.33 → "33.3%", 40 → "40%". */
export function formatPercent(value: number | null | undefined): string {
  const v = Number.isFinite(value) ? (value as number) : 0;
  return `${Math.round(v * 10) / 10}%`;
}

/**
 * The Prometheus text exposition format (version 0.0.4), written here rather than through a client
 * library: the server needs counters, one histogram and gauges read at scrape time, which is a
 * few dozen lines, and nothing global (each app built in a test has its own registry).
 */

export type Labels = Record<string, string>;

/** A label value escaped as the format requires (backslash, double quote, newline). */
function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeValue(v)}"`).join(',')}}`;
}

function numberText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

export interface Sample {
  labels?: Labels;
  value: number;
}

/** One metric family: its header lines and samples. */
export function family(
  name: string,
  type: 'counter' | 'gauge' | 'histogram',
  help: string,
  samples: { suffix?: string; labels?: Labels; value: number }[],
): string {
  const lines = [`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`];
  for (const s of samples) lines.push(`${name}${s.suffix ?? ''}${labelText(s.labels ?? {})} ${numberText(s.value)}`);
  return lines.join('\n');
}

/** A counter per label set, kept in this process. */
export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }

  render(): string {
    return family(this.name, 'counter', this.help, [...this.values.values()]);
  }
}

/** A histogram per label set: cumulative buckets, sum and count. */
export class Histogram {
  private readonly values = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.values.set(key, entry);
    }
    for (let i = 0; i < this.bounds.length; i++) if (value <= this.bounds[i]) entry.buckets[i] += 1;
    entry.sum += value;
    entry.count += 1;
  }

  render(): string {
    const samples: { suffix: string; labels: Labels; value: number }[] = [];
    for (const entry of this.values.values()) {
      this.bounds.forEach((bound, i) =>
        samples.push({ suffix: '_bucket', labels: { ...entry.labels, le: numberText(bound) }, value: entry.buckets[i] }),
      );
      samples.push({ suffix: '_bucket', labels: { ...entry.labels, le: '+Inf' }, value: entry.count });
      samples.push({ suffix: '_sum', labels: entry.labels, value: entry.sum });
      samples.push({ suffix: '_count', labels: entry.labels, value: entry.count });
    }
    return family(this.name, 'histogram', this.help, samples);
  }
}

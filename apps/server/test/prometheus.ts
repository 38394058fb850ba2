/** One sample of a Prometheus text exposition: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus's text format (enough of it for tests: no escapes inside label values). */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) {
      labels[pair[1] ?? ''] = pair[2] ?? '';
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of one metric as `value/value…` of the given labels → value, for comparing with SQL. */
export function seriesOf(
  samples: Sample[],
  name: string,
  keys: string[],
  separator = '/',
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const sample of samples.filter((s) => s.name === name)) {
    out[keys.map((key) => sample.labels[key]).join(separator)] = sample.value;
  }
  return out;
}

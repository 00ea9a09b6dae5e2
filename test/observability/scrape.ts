export type ProcessName = 'gateway' | 'catalog' | 'locations' | 'stock' | 'notifications';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  contentType: string | null;
  samples: Sample[];
  /** Sum of the samples named `name` whose labels include `labels`; undefined when there is none. */
  value: (name: string, labels?: Record<string, string>) => number | undefined;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the sample lines of the Prometheus text format (comments and types are not needed here). */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The /metrics URL of one process of the test stack (its internal metrics port). */
export function metricsUrl(name: ProcessName): string {
  const urls = process.env.TEST_METRICS_URLS;
  if (!urls) throw new Error('TEST_METRICS_URLS is not set: the global setup exports it');
  return (JSON.parse(urls) as Record<ProcessName, string>)[name];
}

/** One scrape of a process's /metrics port. */
export async function scrape(name: ProcessName): Promise<Scrape> {
  const res = await fetch(metricsUrl(name));
  if (res.status !== 200) throw new Error(`scraping ${name} answered ${res.status}`);
  const samples = parsePrometheusText(await res.text());
  return {
    contentType: res.headers.get('content-type'),
    samples,
    value: (name, labels = {}) => {
      const matching = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
      return matching.length === 0 ? undefined : matching.reduce((sum, s) => sum + s.value, 0);
    },
  };
}

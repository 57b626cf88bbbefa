/** One sample of a Prometheus text exposition: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Fetches `<baseUrl>/metrics` and parses its samples (enough of the text format for tests). */
export async function scrape(baseUrl: string): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(new URL('/metrics', baseUrl));
  if (!response.ok) throw new Error(`${baseUrl}/metrics answered ${response.status}`);
  const text = await response.text();
  const samples = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Unparsable metrics line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
  return { text, samples };
}

/** The value of the one sample named `name` whose labels include `labels`; undefined if none. */
export function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

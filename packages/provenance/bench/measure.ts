/** Timing helpers for the benchmarks: repeated runs, medians and p99, and peak memory sampling. */
export interface Timing {
  p50: number;
  p99: number;
  runs: number;
}

export async function time(runs: number, task: () => Promise<unknown>, warmup = 2): Promise<Timing> {
  for (let index = 0; index < warmup; index += 1) await task();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.floor(quantile * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99), runs };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Samples resident memory every 20 ms; `stop` returns the peak in MB. */
export function samplePeakMemory(): { stop: () => number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024);
    },
  };
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

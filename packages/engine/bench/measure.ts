/** Timing helpers for the benchmarks: repeated runs, medians and p99, and peak memory sampling. */
import { readFileSync } from 'node:fs';

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

/**
 * Each task's p50 over `runs` rounds in which every task runs once, in turn: on a shared machine the
 * load moves, and tasks measured one after another would each see a different machine.
 */
export async function takingTurns<K extends string>(runs: number, tasks: Record<K, () => Promise<unknown>>, warmup = 2): Promise<Record<K, number>> {
  const { wall } = await takingTurnsWithCpu(runs, tasks, warmup);
  return wall;
}

/**
 * takingTurns with each task's p50 of this process's CPU time (user + system, all threads) beside
 * its wall time: on a loaded 2-core machine a task's wall time includes the time it waited for a
 * core, which a 20 ms task often escapes and a 40 ms one rarely does.
 */
export async function takingTurnsWithCpu<K extends string>(runs: number, tasks: Record<K, () => Promise<unknown>>, warmup = 2): Promise<{ wall: Record<K, number>; cpu: Record<K, number> }> {
  const names = Object.keys(tasks) as K[];
  const empty = () => Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const wall = empty();
  const cpu = empty();
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const name of names) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await tasks[name]();
      const used = process.cpuUsage(cpuStarted);
      if (round < warmup) continue;
      wall[name].push(performance.now() - started);
      cpu[name].push((used.user + used.system) / 1000);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const medians = (samples: Record<K, number[]>) => Object.fromEntries(names.map((name) => [name, median(samples[name])])) as Record<K, number>;
  return { wall: medians(wall), cpu: medians(cpu) };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
/** A difference in ms with its sign (a request may take less than its reference). */
export const signedMs = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;

/**
 * This process's peak RSS in MB as the kernel counted it: VmHWM on Linux. Not
 * process.resourceUsage().maxRSS: a child's ru_maxrss starts at its parent's RSS at the fork (exec
 * keeps the forked copy's high-water mark), so every child of a 700 MB bench reported 700 MB.
 */
export function peakRssMb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: ru_maxrss.
  }
  return process.resourceUsage().maxRSS / 1024;
}

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

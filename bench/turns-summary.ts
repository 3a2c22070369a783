/**
 * Reads the runs bench/turns.sh kept (`<turn>-old.md`, `<turn>-new.md`) and prints, for each figure
 * of every table in `npm run bench`'s output (or only those whose section, row or column match a
 * pattern), the old runs' median and spread (largest ÷ smallest old figure: the run-to-run spread of
 * the old code against itself), the new runs' median and new ÷ old, and whether the new median lies
 * beyond the old runs' spread in the slower direction.
 *
 *   npx tsx bench/turns-summary.ts OUT_DIR [PATTERN | one-engine | engine]
 *
 * `one-engine` keeps the figures issue 31 names (2 MB JPEG, 20 MB MP4, the 2 GB stream, HTTP
 * overhead, memory); `engine` the sign and verify figures of bench/engine-sections.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Side = 'old' | 'new';
/** One figure: where it is (section, row, column), and its value in each run of each side. */
interface Figure {
  key: string;
  unit: string;
  values: Record<Side, number[]>;
}

/** Numbers in a cell: "12.34 ms", "342 MB", "2.1 ms (verified)", "13.0 / 11.3". The first is the figure. */
function firstNumber(cell: string): { value: number; unit: string } | null {
  const match = /^[+−-]?(\d+(?:\.\d+)?)\s*(ms|MB|s|×)?/.exec(cell.trim());
  if (!match) return null;
  const negative = cell.trim().startsWith('−') || cell.trim().startsWith('-');
  return { value: Number(match[1]) * (negative ? -1 : 1), unit: match[2] ?? '' };
}

const PRESETS: Record<string, RegExp> = {
  'one-engine': new RegExp(String.raw`^Engine: sign and verify › (JPEG 2 MB|MP4 20 MB) › (sign p50|engine verify p50)|^BMFF hard binding in native SHA-2 › MP4 20 MB › engine verify p50|MP4 2000 MB › (sign --stream|engine verify from disk p50|streamed SHA-256 p50|peak RSS, sign|peak RSS, verify)|photo-2m.jpg \(cold(, file as body)?\), 1 connection \[workers [12]\] › p50|sign photo-100k.jpg \[workers [12]\] › (req/s|p50)$|^HTTP: POST /verify-content by upload and POST /sign-content › [12] › (HTTP p50|engine p50|gap to engine)|^Engine bench memory › engine \[what it ran … then|^Engine memory, 20 MB MP4 › (verify|sign) |^Server memory under the HTTP bench's loads › [12] › (RSS at start-up|peak under load)`),
  engine: /^Engine: sign and verify › (JPEG 100 kB|JPEG 2 MB|MP4 20 MB) › (sign p50|engine verify p50|raw \(trust list\) p50|raw \(no trust\) p50)|^BMFF hard binding in native SHA-2 › MP4 20 MB › (engine verify p50|raw)|^Engine bench memory › engine \[what it ran … then|^Engine memory, 20 MB MP4 › (verify|sign) /,
};

/** Second columns that say which row it is rather than measure it. */
const IDENTIFYING_COLUMNS = new Set(['workers', 'asset size', 'round', 'what it ran', 'what runs']);

/** Each table cell of one run, keyed "section › row › column" (a cell "a / b" gives two figures). */
function readRun(text: string): Map<string, { value: number; unit: string }> {
  const figures = new Map<string, { value: number; unit: string }>();
  let section = '';
  let header: string[] | null = null;
  const seen = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) {
      // The heading without its explanation in brackets, which may name settings that differ by run.
      section = line.slice(4).split(' (')[0]!.trim();
      header = null;
      continue;
    }
    if (!line.startsWith('|')) {
      if (line.trim() === '') header = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (!header) {
      header = cells;
      continue;
    }
    // A row is named by its first cell, with the second when that names it too (workers, size, what ran).
    const second = IDENTIFYING_COLUMNS.has(header[1] ?? '') ? ` [${header[1]} ${cells[1]!.slice(0, 40)}]` : '';
    const baseRow = `${cells[0]!}${second}`;
    const count = (seen.get(`${section}|${header.join('|')}|${baseRow}`) ?? 0) + 1;
    seen.set(`${section}|${header.join('|')}|${baseRow}`, count);
    const rowName = `${baseRow}${count > 1 ? ` #${count}` : ''}`;
    for (const [index, cell] of cells.entries()) {
      if (index === 0 || (index === 1 && second)) continue;
      const parts = cell.split(' / ');
      for (const [part, text] of parts.entries()) {
        const number = firstNumber(text);
        if (!number) continue;
        const column = `${header[index]}${parts.length > 1 ? ` (${part + 1} of ${parts.length})` : ''}`;
        figures.set(`${section} › ${rowName} › ${column}`, number);
      }
    }
  }
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function summarise(dir: string): Figure[] {
  const figures = new Map<string, Figure>();
  const runs = readdirSync(dir).filter((file) => /^\d+-(old|new)\.md$/.test(file)).sort();
  for (const file of runs) {
    const side = file.includes('-old') ? 'old' : 'new';
    for (const [key, { value, unit }] of readRun(readFileSync(join(dir, file), 'utf8'))) {
      const figure = figures.get(key) ?? { key, unit, values: { old: [], new: [] } };
      figure.values[side].push(value);
      figures.set(key, figure);
    }
  }
  return [...figures.values()];
}

if (process.argv[1]?.endsWith('turns-summary.ts')) {
  const [dir, pattern] = process.argv.slice(2);
  if (!dir) throw new Error('usage: turns-summary.ts OUT_DIR [PATTERN]');
  const filter = pattern ? (PRESETS[pattern] ?? new RegExp(pattern, 'i')) : null;
  const format = (value: number, unit: string) => `${value.toFixed(unit === 'MB' || unit === '' ? 1 : 1)}${unit ? ` ${unit}` : ''}`;
  process.stdout.write('| figure | old runs | old median | old spread (max ÷ min) | new runs | new median | new ÷ old | worse beyond the spread |\n|---|---|---|---|---|---|---|---|\n');
  for (const figure of summarise(dir)) {
    if (filter && !filter.test(figure.key)) continue;
    const { old, new: fresh } = figure.values;
    if (!old.length || !fresh.length) continue;
    const oldMedian = median(old);
    const newMedian = median(fresh);
    const spread = Math.max(...old) / Math.min(...old);
    // Times and memory are worse higher, throughput lower; other figures (ratios, CPU shares) are not judged.
    const worse = ['ms', 'MB', 's'].includes(figure.unit) ? newMedian / oldMedian : /req\/s/.test(figure.key) ? oldMedian / newMedian : null;
    const verdict = worse === null ? '' : worse > spread ? `yes (${worse.toFixed(2)} > ${spread.toFixed(2)})` : 'no';
    process.stdout.write(
      `| ${figure.key} | ${old.map((value) => value.toFixed(1)).join(', ')} | ${format(oldMedian, figure.unit)} | ${spread.toFixed(2)} | ${fresh.map((value) => value.toFixed(1)).join(', ')} | ${format(newMedian, figure.unit)} | ${(newMedian / oldMedian).toFixed(2)} | ${verdict} |\n`,
    );
  }
}

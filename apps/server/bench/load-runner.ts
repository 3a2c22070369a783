/**
 * Runs one autocannon load in its own process (so the generator never shares the event loop of
 * the server it measures) and prints the result as JSON. The body is read as bytes: autocannon's
 * command line reads its body file as text, which would corrupt binary uploads.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, bodyFile, headersJson, connections, seconds] = process.argv.slice(2);
const result = await autocannon({
  url: url!,
  method: 'POST',
  body: readFileSync(bodyFile!),
  headers: JSON.parse(headersJson!) as Record<string, string>,
  connections: Number(connections),
  duration: Number(seconds),
});
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]));
process.stdout.write(JSON.stringify({ requests: { average: result.requests.average }, latency: { p50: result.latency.p50, p99: result.latency.p99 }, errors: result.errors, non2xx: result.non2xx, statuses }));

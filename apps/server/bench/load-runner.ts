/**
 * Runs one autocannon load in its own process (so the generator never shares the event loop of
 * the server it measures) and prints the result as JSON. The body is read as bytes: autocannon's
 * command line reads its body file as text, which would corrupt binary uploads.
 *
 * Latencies are kept here to the microsecond (autocannon's histogram rounds to whole milliseconds),
 * and the generator's own CPU time is reported: on a small machine it competes with the server.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, bodyFile, headersJson, connections, seconds] = process.argv.slice(2);
const latencies: number[] = [];
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await autocannon({
  url: url!,
  method: 'POST',
  body: readFileSync(bodyFile!),
  headers: JSON.parse(headersJson!) as Record<string, string>,
  connections: Number(connections),
  duration: Number(seconds),
  // autocannon measures each response with process.hrtime, in fractional ms; only 2xx count, as in its own figures.
  setupClient: (client) => {
    client.on('response', (statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  },
});
const cpu = process.cpuUsage(cpuBefore);
const elapsedMs = performance.now() - started;
latencies.sort((a, b) => a - b);
const at = (quantile: number) => latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))] ?? 0;
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]));
process.stdout.write(JSON.stringify({ requests: { average: result.requests.average }, latency: { p50: at(0.5), p99: at(0.99) }, generatorCpu: (cpu.user + cpu.system) / 1000 / elapsedMs, errors: result.errors, non2xx: result.non2xx, statuses }));

/**
 * Sends one HTTP request each time the bench asks (over IPC) and answers with its latency, from its
 * own process: the HTTP overhead bench takes turns between a request and the same engine work
 * done directly in the server's process, so neither the client nor the IPC round trip counts in a
 * request's time (measured here with process.hrtime, from the first byte written to the last read).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface RequestCommand {
  url: string;
  bodyFile: string;
  headers: Record<string, string>;
}

export interface RequestAnswer {
  /** Milliseconds, fractional. */
  latency: number;
  status: number;
}

// One kept-alive connection per server, as autocannon's single connection: no TCP handshake per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const bodies = new Map<string, Buffer>();

function send(command: RequestCommand): Promise<RequestAnswer> {
  let body = bodies.get(command.bodyFile);
  if (!body) {
    body = readFileSync(command.bodyFile);
    bodies.set(command.bodyFile, body);
  }
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(command.url, { method: 'POST', agent, headers: { ...command.headers, 'content-length': String(body.byteLength) } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve({ latency: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

process.on('message', (command: RequestCommand) => {
  send(command).then(
    (answer) => process.send!(answer),
    (error: unknown) => process.send!({ latency: Number.NaN, status: 0, error: String(error) }),
  );
});
process.on('disconnect', () => {
  agent.destroy();
});

// Refuses a connection as it is accepted, before a byte of it is parsed, when its address (an IPv6
// /64, as the client limits count) already holds as many open connections as it may: an address
// refused lately for going over its share (PublicLimits.isOverShare) may hold a few, any other a
// generous number. A refused connection is held unread for the Retry-After, then answered with a
// 429 written once at start, and closed.
//
// Why at the socket: a flood of refused requests from many addresses cost the server's one thread
// more than the work it let in (profiled: HTTP parsing, the middleware chain, the error handler and a
// log line for each of hundreds of 429s a second), and that thread also serves the clients within
// their share. Held for the Retry-After, a flooder that waits for its answers also asks less often;
// one that does not is closed without an answer past the connections it may have held at once.
//
// Not used behind a trusted proxy: every connection then comes from the proxy's address.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientIdentity } from '../services/rate-limits/client-identity.ts';
import { IN_FLIGHT_RETRY_SECONDS, overShareConcurrent, type PublicLimits } from '../services/rate-limits/public-limits.ts';
import { errorBody } from './error-handler.ts';

export interface ConnectionGateOptions {
  /** Open connections one address may hold; the next are refused. */
  maxPerAddress: number;
  /** Open connections an address over its share may hold. */
  maxPerAddressOverShare: number;
  /** Whether this client (`ip:…` or `ip6:…/64`) was refused lately for going over its share. */
  isOverShare(client: string): boolean;
  /** Told of each refused connection's client, which is thereby over its share (as long as it keeps being refused). */
  onRefused(client: string): void;
  /** Seconds a refused connection is held unread before its 429, which says as much in Retry-After. */
  retryAfterSeconds: number;
  /** Refused connections of one address held at once; more are closed at once, unanswered. */
  maxHeldPerAddress: number;
}

export interface ConnectionGate {
  /** Connections refused since the start (for the log and tests). */
  refused(): number;
}

/** Open connections one address may hold (a browser holds 6 per host; a script rarely more than dozens). */
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

/** How long a refused connection's answer may take to leave before the socket is destroyed. */
const CLOSE_GRACE_MS = 1_000;

function refusalAnswer(retryAfterSeconds: number): Buffer {
  const body = JSON.stringify(
    errorBody('rate_limited', `Too many connections from this client; try again in ${retryAfterSeconds} seconds`),
  );
  return Buffer.from(
    [
      'HTTP/1.1 429 Too Many Requests',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Retry-After: ${retryAfterSeconds}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      // Public endpoints are called from any page: the page may read why.
      'Access-Control-Allow-Origin: *',
      'Access-Control-Expose-Headers: Retry-After',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * The server's gate: 128 connections per address, or a quarter of a client's share while it is over
 * its share (`limits` say which, and are told of each refusal), held for the limits' Retry-After.
 */
export function gatewayConnectionGate(limits: PublicLimits, concurrentPerClient: number): ConnectionGateOptions {
  return {
    maxPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
    maxPerAddressOverShare: overShareConcurrent(concurrentPerClient),
    isOverShare: (client) => limits.isOverShare(client),
    onRefused: (client) => limits.noteRefusedConnection(client),
    retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS,
    maxHeldPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
  };
}

/**
 * Puts the gate in front of the HTTP server's own connection handling: the server's 'connection'
 * listeners (HTTP parsing) run only for the connections let in.
 */
export function guardConnections(server: Server, options: ConnectionGateOptions): ConnectionGate {
  const answer = refusalAnswer(options.retryAfterSeconds);
  const open = new Map<string, number>();
  const held = new Map<string, number>();
  let refusedCount = 0;
  const change = (counts: Map<string, number>, client: string, by: number) => {
    const next = (counts.get(client) ?? 0) + by;
    if (next <= 0) counts.delete(client);
    else counts.set(client, next);
  };

  const refuse = (socket: Socket, client: string) => {
    refusedCount += 1;
    options.onRefused(client);
    // A reset from the client is expected here, and no concern of the server's.
    socket.on('error', () => undefined);
    if ((held.get(client) ?? 0) >= options.maxHeldPerAddress) {
      socket.destroy();
      return;
    }
    change(held, client, 1);
    socket.pause();
    const answerLater = setTimeout(() => {
      if (socket.destroyed) return;
      socket.end(answer);
      // Whatever the client still sends is never read: the socket goes once the answer has had time to leave.
      setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
    }, options.retryAfterSeconds * 1000);
    answerLater.unref();
    socket.once('close', () => {
      clearTimeout(answerLater);
      change(held, client, -1);
    });
  };

  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const client = clientIdentity({ ip: socket.remoteAddress ?? 'unknown' });
    const limit = options.isOverShare(client) ? options.maxPerAddressOverShare : options.maxPerAddress;
    if ((open.get(client) ?? 0) >= limit) {
      refuse(socket, client);
      return;
    }
    change(open, client, 1);
    socket.once('close', () => change(open, client, -1));
    for (const listener of httpListeners) listener.call(server, socket);
  });
  return { refused: () => refusedCount };
}

// An HTTP/1.1 request written by hand over a loopback socket from a chosen local address
// (127.0.0.x: each is a client of its own to a server that counts clients by their socket address),
// so a test can send its head now and its body when it wants: a body that trickles, or one sent
// only after the answer came. Tells the answer's status line and headers, and whether the server
// closed the connection.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export interface RawUpload {
  readonly socket: Socket;
  /** The answer's status and headers (lower-case names), once its head arrived; null if the connection ended first. */
  readonly answer: Promise<{ status: number; headers: Record<string, string> } | null>;
  /** Resolves once the server ended or closed the connection (never, while it keeps it open). */
  readonly closed: Promise<void>;
  /** Writes more of the body; false once the connection is gone. */
  send(bytes: Uint8Array | string): boolean;
  /** Sends one byte now and then (every `everyMs`), as a client that trickles; stops at close or stop(). */
  trickle(everyMs: number): void;
  /** Stops trickling and drops the connection. */
  stop(): void;
}

export async function openRawUpload(options: { port: number; localAddress: string; path: string; headers: Record<string, string | number>; first?: Uint8Array | string }): Promise<RawUpload> {
  const socket = connect({ port: options.port, host: '127.0.0.1', localAddress: options.localAddress });
  // A write after the server closed fails with EPIPE or ECONNRESET: that is the point of some tests.
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let gone = false;
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => {
    const done = () => {
      gone = true;
      clearInterval(timer);
      resolve();
    };
    socket.once('end', done);
    socket.once('close', done);
  });
  const answer = new Promise<{ status: number; headers: Record<string, string> } | null>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const [statusLine, ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1]), headers });
    });
    void closed.then(() => resolve(null));
  });
  const head = [`POST ${options.path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  socket.write(`${head}\r\n\r\n`);
  if (options.first !== undefined) socket.write(options.first);
  const send = (bytes: Uint8Array | string) => !gone && !socket.destroyed && socket.write(bytes);
  return {
    socket,
    answer,
    closed,
    send,
    trickle(everyMs) {
      clearInterval(timer);
      timer = setInterval(() => send(Buffer.from([0])), everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/**
 * The reference remote signing service: an HTTP server that answers the remote signing protocol
 * (remote-signing-protocol.ts) with a private key it holds. Run it next to a KMS or HSM as the
 * model of the service to build there, or as is with a key file (`provenance signer serve`).
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidSignerError } from '../errors.ts';
import { algorithmForKey, signWithKey } from './algorithms.ts';
import { parseCertificateChainPem } from './claim-signer.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, WIRE_ALGORITHMS, isAuthentic, keyIdOf, type RemoteSigningRequest } from './remote-signing-protocol.ts';

/** A request names an algorithm, a key id and at most a claim's worth of bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface SigningServiceOptions {
  privateKeyPem: string;
  certificateChainPem: string;
  secret: string;
  port: number;
  /** Default 127.0.0.1: expose it beyond the host on purpose. */
  host?: string;
}

export interface SigningService {
  url: string;
  /** The key id requests must name (hex SHA-256 of the signing certificate). */
  keyId: string;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}

const answer = (response: ServerResponse, status: number, body: object): void => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export async function startSigningService(options: SigningServiceOptions): Promise<SigningService> {
  if (options.secret.length < 16) throw new InvalidSignerError('The shared secret must be at least 16 characters.');
  let key: KeyObject;
  try {
    key = createPrivateKey(options.privateKeyPem);
  } catch {
    throw new InvalidSignerError('The private key could not be read: expected a PKCS#8 PEM.');
  }
  const alg = algorithmForKey(key);
  if (!alg) throw new InvalidSignerError('The private key is not one the engine signs with (ES256/384/512, PS256, Ed25519).');
  const chain = parseCertificateChainPem(options.certificateChainPem);
  if (!new X509Certificate(chain[0]!).checkPrivateKey(key)) throw new InvalidSignerError('The private key does not belong to the first certificate of the chain.');
  const keyId = keyIdOf(chain[0]!);

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') return answer(response, 405, { error: 'POST a signing request' });
      const body = await readBody(request);
      if (!body) return answer(response, 413, { error: 'The request is too large' });
      const headers = { timestamp: request.headers[TIMESTAMP_HEADER] as string | undefined, signature: request.headers[SIGNATURE_HEADER] as string | undefined };
      if (!isAuthentic(options.secret, headers, body)) return answer(response, 401, { error: 'The request is not authenticated by the shared secret, or its timestamp is too far from now' });
      let signing: RemoteSigningRequest;
      try {
        signing = JSON.parse(new TextDecoder().decode(body)) as RemoteSigningRequest;
      } catch {
        return answer(response, 400, { error: 'The body is not JSON' });
      }
      if (signing.alg !== WIRE_ALGORITHMS[alg]) return answer(response, 400, { error: `This key signs ${WIRE_ALGORITHMS[alg]}, not ${String(signing.alg)}` });
      if (signing.keyId !== keyId) return answer(response, 400, { error: 'No key with that key id here' });
      if (typeof signing.data !== 'string') return answer(response, 400, { error: 'data (base64) is missing' });
      const signature = signWithKey(alg, key, new Uint8Array(Buffer.from(signing.data, 'base64')));
      return answer(response, 200, { signature: Buffer.from(signature).toString('base64') });
    })().catch(() => answer(response, 500, { error: 'The signing failed' }));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port, host, () => listening());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    keyId,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

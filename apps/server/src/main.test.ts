import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_EMAIL_LOG, signUpTokenIn } from './testing/sign-up-mail.ts';

// main.ts as a real process: listens on a random port on 127.0.0.1, keeps its data under DATA_DIR,
// and on SIGTERM finishes the request in flight before closing the database and exiting.
interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  lines: string[];
  exited: Promise<number | null>;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', TRUST_LIST_REFRESH_HOURS: '0', TSA_URL: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const entry = JSON.parse(line) as { msg: string; url?: string };
        if (entry.msg === 'listening' && entry.url) resolve(entry.url.replace('localhost', '127.0.0.1'));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited early (${code}): ${lines.join('\n')}`)));
  });
  return { child, baseUrl, lines, exited };
}

describe('main.ts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-main-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('serves, shuts down gracefully on SIGTERM, and keeps accounts across restarts', async () => {
    const first = await startServer(dataDir);
    const email = `main-${Date.now()}@example.com`;
    // A request the server has started reading when SIGTERM arrives: headers and part of the body
    // are sent first, the rest only after the signal, so the request is surely in flight.
    const body = JSON.stringify({ email, password: 'secret-123' });
    const request = http.request(`${first.baseUrl}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    const response = new Promise<{ status: number | undefined }>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
      });
      request.on('error', reject);
    });
    request.flushHeaders();
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 500));
    first.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(10));
    expect((await response).status).toBe(202);
    expect(await first.exited).toBe(0);
    expect(first.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);

    // Which claim signer is in force, and what other validators will make of it (issue 32).
    const claimSigner = first.lines.map((line) => JSON.parse(line) as { msg?: string; level?: string; source?: string; validators?: string }).find((entry) => entry.msg === 'claim signer in force');
    expect(claimSigner).toMatchObject({ level: 'warn', source: 'development', validators: expect.stringMatching(/^Development product certificate from this gateway's own CA: other validators will read it as untrusted/) });

    const secret = await fs.stat(path.join(dataDir, 'auth-secret'));
    expect(secret.mode & 0o077).toBe(0);

    // Without SMTP_URL the confirmation link is in the log, so a fresh `npm start` can be used; the
    // sign-up waiting for it outlives the restart.
    const kept = first.lines.map((line) => JSON.parse(line) as { msg?: string; to?: string; link?: string }).find((entry) => entry.msg === KEPT_EMAIL_LOG && entry.to === email);
    expect(kept?.link).toMatch(/^http:\/\/localhost:\d+\/confirm-sign-up#token=/);

    const second = await startServer(dataDir);
    try {
      const confirmed = await fetch(`${second.baseUrl}/api/v1/auth/confirm-sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: signUpTokenIn(kept?.link ?? '') }),
      });
      expect(confirmed.status).toBe(201);
      const signIn = await fetch(`${second.baseUrl}/api/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret-123' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 120_000);
});

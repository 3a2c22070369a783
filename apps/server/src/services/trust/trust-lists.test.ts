import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZTrustResponse, ZVerifyResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign, trustListKeeping, type RefreshableList } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createLogger } from '../../logging/logger.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestFetcher, createTestServer, type TestServer } from '../../testing/test-server.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import { createTrustLists, type TrustListSettings } from './trust-lists.ts';

/** A loopback server whose answers the tests change: a PEM list, an error, garbage, a signed file. */
interface ListServer {
  serve(pathname: string, status: number, body: string | Uint8Array): string;
  close(): void;
}

async function startListServer(): Promise<ListServer> {
  const answers = new Map<string, { status: number; body: string | Uint8Array }>();
  const server: Server = createServer((request, response) => {
    const answer = answers.get(new URL(request.url ?? '/', 'http://x').pathname) ?? { status: 404, body: 'not found' };
    response.writeHead(answer.status, { 'content-type': 'application/x-pem-file' }).end(answer.body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    serve(pathname, status, body) {
      answers.set(pathname, { status, body });
      return `${base}${pathname}`;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

const newPki = async (name: string): Promise<Awaited<ReturnType<typeof ensureLocalPki>>['pki']> => (await ensureLocalPki(path.join(mkdtempSync(path.join(tmpdir(), `pg-${name}-`)), 'pki'))).pki;

describe('trust lists on the server', () => {
  let database: DbHandle;
  let engine: Engine & { close: () => Promise<void> };
  let server: TestServer;
  let lists: ListServer;
  let partner: Awaited<ReturnType<typeof ensureLocalPki>>['pki'];
  let stranger: Awaited<ReturnType<typeof ensureLocalPki>>['pki'];
  let partnerSigned: Uint8Array;
  let settings: TrustListSettings;
  let partnersUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    lists = await startListServer();
    partner = await newPki('partner');
    stranger = await newPki('stranger');
    const signer = createPemSigner({ privateKeyPem: partner.signerKeyPem, certificateChainPem: partner.signerChainPem });
    partnerSigned = (await sign(await makeImage('jpeg', 120, 80), 'image/jpeg', { creator: 'Partner Newsroom' }, { signer })).signedBytes;
    // The partners' list first holds someone else's root: the partner's file is signed, not vouched for.
    partnersUrl = lists.serve('/partners.pem', 200, stranger.rootCertificatePem);
    // The official lists at loopback URLs that answer 404: offline, the bundled copies serve.
    const official: RefreshableList[] = trustListKeeping.official().map((list, index) => ({ ...list, url: lists.serve(`/official-${index}.pem`, 404, '') }));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-trust-lists-'));
    settings = {
      savedDir: path.join(dataDir, 'trust-lists'),
      lists: [{ name: 'partners', tier: 'custom', location: partnersUrl }],
      anchorFiles: [],
      official,
      fetcher: createTestFetcher(),
    };
    // Workers hold their own trust store: a refresh must reach them.
    engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], workers: 1 });
    server = await createTestServer(database, { engine, trust: settings });
    await server.services.trustLists.load();
  });
  afterAll(async () => {
    lists.close();
    await engine.close();
    await server.services.flush();
    await database.close();
  });

  const verifyPartnerFile = async () => {
    const response = await server.request('POST', 'verify-content', { body: { assetUrl: lists.serve('/asset/partner.jpg', 200, partnerSigned) } });
    return readAnswer(ZVerifyResponse, response);
  };

  it('loads a URL list at start and saves it; a refresh that changes it turns the partner file from partial to verified', async () => {
    const before = await verifyPartnerFile();
    expect(before.verification.status).toBe('partial');
    expect(before.verification.trust.tier).toBe('untrusted');
    expect(readdirSync(settings.savedDir!).some((file) => file.startsWith('partners-') && file.endsWith('.pem'))).toBe(true);

    lists.serve('/partners.pem', 200, partner.rootCertificatePem);
    const result = await server.services.trustLists.refresh();
    expect(result).toMatchObject({ refreshed: ['partners'], changed: true });
    expect(result.failed.map((failure) => failure.name).sort()).toEqual(['C2PA TSA trust list', 'C2PA trust list']);
    // The same bytes again: a verdict cached under the old lists must not be served.
    const after = await verifyPartnerFile();
    expect(after.verification.status).toBe('verified');
    expect(after.verification.trust).toMatchObject({ tier: 'custom', list: 'partners' });
  });

  it('keeps the last good copy, with a warning, when a fetch fails or the list is empty or garbage', async () => {
    const version = engine.trust.version;
    for (const [status, body] of [
      [503, 'unavailable'],
      [200, '<html><body>Sign in to continue</body></html>'],
      [200, ''],
      [200, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n'],
    ] as const) {
      lists.serve('/partners.pem', status, body);
      const linesBefore = server.logLines.length;
      const result = await server.services.trustLists.refresh();
      expect(result.failed.map((failure) => failure.name)).toContain('partners');
      expect(result.changed).toBe(false);
      expect(server.logLines.slice(linesBefore).join('\n')).toMatch(/keeping the last good copy[\s\S]*partners/);
    }
    expect(engine.trust.version).toBe(version);
    expect((await verifyPartnerFile()).verification.status).toBe('verified');
  });

  it('starts from the saved copy when the URL cannot be fetched, and leaves out a URL list it never had', async () => {
    lists.serve('/partners.pem', 503, 'unavailable');
    const logLines: string[] = [];
    const restarted = createTrustLists({
      engine,
      logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
      settings: { ...settings, lists: [...settings.lists, { name: 'never-seen', tier: 'legacy', location: lists.serve('/never.pem', 404, '') }] },
    });
    await restarted.load();
    const inForce = restarted.inForce();
    expect(inForce.lists.map((list) => [list.name, list.tier])).toEqual([
      ['C2PA trust list', 'conformant'],
      ['gateway root', 'gateway'],
      ['partners', 'custom'],
    ]);
    expect(inForce.lists.find((list) => list.name === 'partners')?.anchors[0]?.pem).toBe(new X509Certificate(partner.rootCertificatePem).toString().trim());
    expect(logLines.join('\n')).toMatch(/using the last good copy/);
    expect(logLines.join('\n')).toMatch(/no saved copy[\s\S]*never-seen/);
    expect((await verifyPartnerFile()).verification.trust.list).toBe('partners');
  });

  it('GET /trust answers the lists in force, the gateway root and the bundled TSA list included, without credentials', async () => {
    const response = await server.request('GET', 'trust');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const body = await readAnswer(ZTrustResponse, response);
    const gatewayRoot = new X509Certificate(engine.rootCertificatePem);
    expect(body.lists.find((list) => list.tier === 'gateway')).toEqual({
      name: 'gateway root',
      tier: 'gateway',
      source: null,
      retrievedAt: null,
      anchors: [{ subject: expect.stringContaining('CN='), sha256: createHash('sha256').update(gatewayRoot.raw).digest('hex'), pem: gatewayRoot.toString().trim() }],
    });
    expect(body.lists.find((list) => list.name === 'partners')).toMatchObject({ tier: 'custom', source: partnersUrl, retrievedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(body.lists.find((list) => list.name === 'C2PA trust list')).toMatchObject({ tier: 'conformant', source: settings.official![0]!.url });
    expect(body.tsaLists.map((list) => list.name)).toEqual(['C2PA TSA trust list']);
    expect(body.tsaLists[0]!.anchors.length).toBeGreaterThan(0);
    expect(body.tsaLists[0]!.retrievedAt).toBe(settings.official![1]!.bundled!.retrievedAt);
    expect(existsSync(settings.savedDir!)).toBe(true);
  });
});

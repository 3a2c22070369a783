// The gateway's signing PKI (root CA, intermediate CA, the gateway signer) kept in the database, so
// every server copy signs under one root and answers OCSP with one intermediate. The first copy to
// start stores it: an installation's existing DATA_DIR/pki is moved in as it is (same root, so what
// it signed still chains), else a new one is made. The primary key settles two copies starting at
// once: the second's insert does nothing and it takes the first's. Each copy then keeps the files in
// its own DATA_DIR/pki, which the engine and the CA read; the database is the one source of truth.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localPki, ensureLocalPki } from '@provenance/engine';

const PKI_FILES = localPki.files;
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { gatewayPki } from '../../db/schema/index.ts';
import type { KeyVault } from '../signing-identities/key-vault.ts';

const PKI_ID = 'gateway';

type PkiFileName = keyof typeof PKI_FILES;
/** The PKI folder's files by name, their PEM text. */
export type PkiFiles = Record<PkiFileName, string>;

export interface GatewayPkiSync {
  /** database: stored by an earlier start; migrated: this DATA_DIR/pki moved in; created: made now. */
  source: 'database' | 'migrated' | 'created';
  /** Where a local PKI that was not the database's was put aside (another root), else null. */
  setAside: string | null;
  rootCertificatePem: string;
}

export class GatewayPkiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayPkiError';
  }
}

/** A PKI folder's files, or `missing` (no root certificate), or `incomplete` (a root but not every file). */
async function readPkiFolder(dir: string): Promise<PkiFiles | { missing: string } | null> {
  const read = async (name: PkiFileName) => readFile(path.join(dir, PKI_FILES[name]), 'utf8');
  try {
    await read('rootCertificate');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const names = Object.keys(PKI_FILES) as PkiFileName[];
  try {
    const contents = await Promise.all(names.map(read));
    return Object.fromEntries(names.map((name, index) => [name, contents[index]])) as PkiFiles;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { missing: (error as NodeJS.ErrnoException).path ?? 'a file' };
  }
}

const isComplete = (folder: PkiFiles | { missing: string } | null): folder is PkiFiles => folder !== null && !('missing' in folder);

/** Writes the files into a private staging folder and moves it into place in one rename. */
async function writePkiFolder(dir: string, files: PkiFiles): Promise<void> {
  const staging = `${dir}.staging-${randomBytes(6).toString('hex')}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    for (const [name, content] of Object.entries(files) as [PkiFileName, string][]) {
      // PKIs stored before PEM files ended with a newline are written with one (safe to concatenate).
      const text = content.endsWith('\n') ? content : `${content}\n`;
      await writeFile(path.join(staging, PKI_FILES[name]), text, { mode: name.endsWith('Key') ? 0o600 : 0o644, flag: 'wx' });
    }
    await rename(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A new PKI made by the engine in a scratch folder beside `dir`, read back and the folder removed. */
async function makePki(dir: string): Promise<PkiFiles> {
  const scratch = `${dir}.new-${randomBytes(6).toString('hex')}`;
  try {
    await ensureLocalPki(scratch);
    const files = await readPkiFolder(scratch);
    if (!isComplete(files)) throw new GatewayPkiError(`The new PKI in ${scratch} could not be read back.`);
    return files;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function sealRow(files: PkiFiles, vault: KeyVault): typeof gatewayPki.$inferInsert {
  return {
    id: PKI_ID,
    rootCertificate: files.rootCertificate,
    intermediateCertificate: files.intermediateCertificate,
    signerCertificate: files.signerCertificate,
    signerChain: files.signerChain,
    sealedRootKey: vault.seal(files.rootKey),
    sealedIntermediateKey: vault.seal(files.intermediateKey),
    sealedSignerKey: vault.seal(files.signerKey),
  };
}

function openRow(row: typeof gatewayPki.$inferSelect, vault: KeyVault): PkiFiles {
  return {
    rootCertificate: row.rootCertificate,
    rootKey: vault.open(row.sealedRootKey),
    intermediateCertificate: row.intermediateCertificate,
    intermediateKey: vault.open(row.sealedIntermediateKey),
    signerCertificate: row.signerCertificate,
    signerKey: vault.open(row.sealedSignerKey),
    signerChain: row.signerChain,
  };
}

/** The signer's files: the product certificate, renewed by one copy while the others keep the root and intermediate. */
const SIGNER_FILES: readonly PkiFileName[] = ['signerCertificate', 'signerKey', 'signerChain'];

/** The same root and intermediate (the signer may have been renewed since). */
const sameAuthority = (a: PkiFiles, b: PkiFiles): boolean => (Object.keys(PKI_FILES) as PkiFileName[]).every((name) => SIGNER_FILES.includes(name) || a[name] === b[name]);

/** Writes the database's signer files over this folder's (each moved into place whole). */
async function writeSignerFiles(dir: string, files: PkiFiles): Promise<void> {
  for (const name of SIGNER_FILES) {
    const target = path.join(dir, PKI_FILES[name]);
    const staged = `${target}.${randomBytes(6).toString('hex')}`;
    const text = files[name].endsWith('\n') ? files[name] : `${files[name]}\n`;
    await writeFile(staged, text, { mode: name.endsWith('Key') ? 0o600 : 0o644, flag: 'wx' });
    await rename(staged, target);
  }
}

async function storedRow(db: Db): Promise<typeof gatewayPki.$inferSelect | undefined> {
  const [row] = await db.select().from(gatewayPki).where(eq(gatewayPki.id, PKI_ID)).limit(1);
  return row;
}

/**
 * Makes `pkiDir` hold the database's PKI, storing one first when the database has none (this
 * folder's, or a new one). Call before the engine starts: it reads the folder.
 */
export async function syncGatewayPki(deps: { db: Db; vault: KeyVault; pkiDir: string; clock?: () => Date }): Promise<GatewayPkiSync> {
  const { db, vault, pkiDir } = deps;
  const folder = await readPkiFolder(pkiDir);
  const local = isComplete(folder) ? folder : null;
  let source: GatewayPkiSync['source'] = 'database';
  let row = await storedRow(db);
  if (!row) {
    // Half a PKI cannot be moved in, and a new one would change the root its signatures chain to.
    if (folder && !local) throw new GatewayPkiError(`The local PKI in ${pkiDir} is incomplete (${'missing' in folder ? folder.missing : 'a file'} is missing); restore it from a backup, or remove the folder to make a new one.`);
    const candidate = local ?? (await makePki(pkiDir));
    const inserted = await db.insert(gatewayPki).values(sealRow(candidate, vault)).onConflictDoNothing().returning({ id: gatewayPki.id });
    if (inserted.length > 0) source = local ? 'migrated' : 'created';
    row = await storedRow(db);
    if (!row) throw new GatewayPkiError('The gateway PKI could not be stored in the database.');
  }
  const shared = openRow(row, vault);
  let setAside: string | null = null;
  if (folder && !(local && sameAuthority(local, shared))) {
    // Another PKI than the shared one (a copy that made its own before), or half of one: kept, not overwritten.
    setAside = `${pkiDir}.set-aside-${(deps.clock?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    await rename(pkiDir, setAside);
  }
  if (!folder || setAside) await writePkiFolder(pkiDir, shared);
  else if (local && SIGNER_FILES.some((name) => local[name] !== shared[name])) await writeSignerFiles(pkiDir, shared);
  return { source, setAside, rootCertificatePem: shared.rootCertificate };
}

// API keys: one production and one test key per account. The full key is returned only when it is
// created; the database keeps its SHA-256 hash and last four characters for the masked form.
import { API_KEY_PREFIXES, type TApiKey, type TApiKeyType } from '@provenance/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../tokens/opaque-tokens.ts';

export const API_KEY_TYPES: readonly TApiKeyType[] = ['production', 'test'];

export interface IssuedApiKey extends TApiKey {
  secret: string;
}

export interface ApiKeyOwner {
  userId: string;
  type: TApiKeyType;
}

export interface ApiKeys {
  /** Creates both keys for a new account; their secrets are not kept anywhere. */
  createInitial(userId: string): Promise<void>;
  list(userId: string): Promise<TApiKey[]>;
  /** Replaces the key of that type; the old key stops working as soon as this returns. */
  regenerate(userId: string, type: TApiKeyType): Promise<IssuedApiKey>;
  /**
   * Revokes every key of the account: each is replaced by a new one whose secret is never shown, so
   * the old keys stop working and the account still has a key of each type to regenerate.
   */
  revokeAll(userId: string): Promise<void>;
  /** Finds who a presented key belongs to, or null when it is unknown or revoked. */
  authenticate(secret: string): Promise<ApiKeyOwner | null>;
}

export function isApiKeyLike(token: string): boolean {
  return Object.values(API_KEY_PREFIXES).some((prefix) => token.startsWith(prefix));
}

function maskKey(type: TApiKeyType, lastFour: string): string {
  return `${API_KEY_PREFIXES[type]}••••••••${lastFour}`;
}

function toApiKey(row: { type: TApiKeyType; lastFour: string; createdAt: Date }): TApiKey {
  return {
    type: row.type,
    prefix: API_KEY_PREFIXES[row.type],
    masked: maskKey(row.type, row.lastFour),
    createdAt: row.createdAt.toISOString(),
  };
}

function newSecret(type: TApiKeyType): string {
  return `${API_KEY_PREFIXES[type]}${randomToken(24)}`;
}

export function createApiKeys(db: Db): ApiKeys {
  const insertKey = async (executor: Db, userId: string, type: TApiKeyType): Promise<IssuedApiKey> => {
    const secret = newSecret(type);
    const [row] = await executor
      .insert(apiKeys)
      .values({ userId, type, keyHash: sha256Hex(secret), lastFour: secret.slice(-4) })
      .returning();
    if (!row) throw new Error('API key insert returned no row');
    return { ...toApiKey(row), secret };
  };

  return {
    async createInitial(userId) {
      for (const type of API_KEY_TYPES) await insertKey(db, userId, type);
    },
    async list(userId) {
      const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.type));
      return rows.map(toApiKey);
    },
    async regenerate(userId, type) {
      return db.transaction(async (tx) => {
        await tx.delete(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.type, type)));
        return insertKey(tx, userId, type);
      });
    },
    async revokeAll(userId) {
      await db.transaction(async (tx) => {
        await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
        for (const type of API_KEY_TYPES) await insertKey(tx, userId, type);
      });
    },
    async authenticate(secret) {
      if (!isApiKeyLike(secret)) return null;
      const [row] = await db
        .select({ userId: apiKeys.userId, type: apiKeys.type })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, sha256Hex(secret)))
        .limit(1);
      return row ?? null;
    },
  };
}

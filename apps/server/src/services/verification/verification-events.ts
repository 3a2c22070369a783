// Repository of verification events: every verification the gateway performs, attributed to the
// account whose signed asset it was (owner) and to the account that asked (caller), when known.
import { randomUUID } from 'node:crypto';
import type { TVerificationStatus } from '@provenance/contracts';
import type { Db } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/gateway-schema.ts';

export interface NewVerificationEvent {
  status: TVerificationStatus;
  reason: string;
  geoLocation: string | null;
  source: 'url' | 'upload' | 'manifest';
  manifestId: string | null;
  assetHash: string | null;
  ownerUserId: string | null;
  signedAssetId: string | null;
  callerUserId: string | null;
}

export interface VerificationEvents {
  record(event: NewVerificationEvent): Promise<string>;
}

export function createVerificationEvents(db: Db, clock: () => Date = () => new Date()): VerificationEvents {
  return {
    async record(event) {
      const id = randomUUID();
      await db.insert(verificationEvents).values({ id, createdAt: clock(), ...event });
      return id;
    },
  };
}

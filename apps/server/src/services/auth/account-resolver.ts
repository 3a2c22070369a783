// Turns an `Authorization: Bearer ...` value into the account making the request: either a signed
// session access token (checked against better-auth's session store, so revoked sessions fail at
// once) or an API key (checked against the stored hashes).
import type { TApiKeyType } from '@provenance/contracts';
import type { ApiKeys } from '../api-keys/api-keys.ts';
import { isApiKeyLike } from '../api-keys/api-keys.ts';
import type { Auth } from './create-auth.ts';

export interface RequestAccount {
  userId: string;
  via: 'session' | 'api_key';
  apiKeyType?: TApiKeyType;
  /** The better-auth session behind an access token; absent for API keys. */
  sessionId?: string;
}

export interface AccountResolver {
  /** Null when the header is absent; throws nothing, returns 'invalid' for a bearer that is not accepted. */
  resolve(authorization: string | undefined): Promise<RequestAccount | 'invalid' | null>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createAccountResolver(deps: { auth: Auth; apiKeys: ApiKeys }): AccountResolver {
  return {
    async resolve(authorization) {
      if (!authorization) return null;
      const token = BEARER.exec(authorization)?.[1];
      if (!token) return 'invalid';
      if (isApiKeyLike(token)) {
        const owner = await deps.apiKeys.authenticate(token);
        return owner ? { userId: owner.userId, via: 'api_key', apiKeyType: owner.type } : 'invalid';
      }
      const found = await deps.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });
      if (!found) return 'invalid';
      return { userId: found.user.id, via: 'session', sessionId: found.session.id };
    },
  };
}

// What authentication an endpoint needs, in words.
import { Globe, KeyRound, LockOpen } from 'lucide-react';
import type { AuthRequirement } from '../lib/openapi';

export function AuthNote({ auth }: { auth: AuthRequirement }) {
  if (auth === 'required')
    return (
      <p className="inline-flex items-center gap-1.5 text-sm">
        <KeyRound className="size-4 text-warning" aria-hidden="true" />
        <span>
          <strong>Authentication required:</strong> <code className="font-mono text-[13px]">Authorization: Bearer &lt;API key or access token&gt;</code>
        </span>
      </p>
    );
  if (auth === 'optional')
    return (
      <p className="inline-flex items-center gap-1.5 text-sm">
        <LockOpen className="size-4 text-primary" aria-hidden="true" />
        <span>
          <strong>Public.</strong> A bearer token is optional and attributes the call to your account.
        </span>
      </p>
    );
  return (
    <p className="inline-flex items-center gap-1.5 text-sm">
      <Globe className="size-4 text-success" aria-hidden="true" />
      <span>
        <strong>Public:</strong> no authentication needed.
      </span>
    </p>
  );
}

// The warning shown beside a thumbnail whose manifest was not verified: the picture is what the
// signer claims the content looked like, not proof of it.
import { TriangleAlert } from 'lucide-react';

export function UntrustedThumbnailNote({ compact = false }: { compact?: boolean }) {
  return (
    <p data-testid="untrusted-thumbnail" className="flex items-start gap-1.5 rounded-md border border-warning/40 bg-warning-soft px-2 py-1.5 text-xs text-foreground">
      <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
      <span>{compact ? 'Thumbnail from an untrusted signer: not proof.' : 'This thumbnail comes from a signer that is not trusted. It shows what the signer claims, not proof of what the content looked like.'}</span>
    </p>
  );
}

// Verdict pill of a verification status. Colour is never the only signal:
// each verdict has its own icon and words.
import { ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { Pill } from '@/components/ui/pill';
import { cn } from '@/lib/utils';
import type { VerificationStatus } from '@/lib/verification';

const LOOK: Record<VerificationStatus, { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral'; Icon: typeof ShieldCheck }> = {
  verified: { label: 'Verified', tone: 'success', Icon: ShieldCheck },
  partial: { label: 'Partial', tone: 'warning', Icon: ShieldAlert },
  invalid: { label: 'Invalid', tone: 'danger', Icon: ShieldX },
  unsigned: { label: 'Unsigned', tone: 'neutral', Icon: ShieldQuestion },
};

export function StatusPill({ status, className }: { status: VerificationStatus; className?: string }) {
  const { label, tone, Icon } = LOOK[status];
  return (
    <Pill tone={tone} className={cn('text-sm', className)} data-status={status}>
      <Icon aria-hidden="true" />
      {label}
    </Pill>
  );
}

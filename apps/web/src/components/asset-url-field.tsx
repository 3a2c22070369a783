// The "address of a file on the web" input with its link icon, and the Verify button that submits
// it: the landing widget and the report page ask for a URL to verify the same way.
import type { ComponentProps } from 'react';
import { Link2, ScanSearch } from 'lucide-react';
import { BusyButton } from '@/components/ui/busy-button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export function AssetUrlInput({ wrapperClassName, ...props }: Omit<ComponentProps<'input'>, 'type' | 'name'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Link2 className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input name="assetUrl" type="url" inputMode="url" placeholder="https://example.com/photo.jpg" className="pl-9" {...props} />
    </div>
  );
}

export function VerifySubmitButton({ busy, className }: { busy: boolean; className?: string }) {
  return (
    <BusyButton type="submit" busy={busy} busyLabel="Verifying..." icon={<ScanSearch aria-hidden="true" />} className={className}>
      Verify
    </BusyButton>
  );
}

// Copies one value (platform, model, a coordinate) through the device's clipboard and says so
// in place, announced to screen readers.
import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { clipboard } from '@/platform/clipboard';

export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(): Promise<void> {
    try {
      await clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error('Copy failed', { description: 'This device did not allow access to the clipboard' });
    }
  }

  return (
    <Button variant="ghost" size="sm" className="h-8 px-2" onClick={() => void copy()} aria-label={`Copy ${label}`}>
      {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite" className="text-xs">
        {copied ? 'Copied' : 'Copy'}
      </span>
    </Button>
  );
}

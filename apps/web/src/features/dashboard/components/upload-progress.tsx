// How far the upload of the file being signed has got; after the last byte, the server signs and
// verifies it, which the bar says instead of sitting at 100%.
import type { UploadProgress as Progress } from '@/lib/api/signing';
import { formatBytes } from '../lib/sign-form';

export function UploadProgress({ progress }: { progress: Progress }) {
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  const uploaded = percent === 100;
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent ?? 5}%` }} />
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {uploaded
          ? 'Uploaded. Signing and verifying…'
          : `Uploading ${formatBytes(progress.loaded)}${progress.total > 0 ? ` of ${formatBytes(progress.total)} (${percent}%)` : ''}`}
      </p>
    </div>
  );
}

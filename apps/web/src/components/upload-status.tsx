// How an upload is going, for any screen that sends a file: "Waiting for a connection" while the
// device is offline, then the bytes sent of the total, then what the server is doing with it.
import { WifiOff } from 'lucide-react';
import type { UploadProgress } from '@/lib/api/upload';
import { formatBytes } from '@/lib/format';

/** The sentence under the bar: bytes sent of the total, or what happens once all are sent. */
export function uploadStatusText(progress: UploadProgress | null, afterUpload: string, locale?: string): string {
  if (!progress) return 'Starting the upload…';
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  if (percent === 100) return afterUpload;
  return `Uploading ${formatBytes(progress.loaded, locale)}${progress.total > 0 ? ` of ${formatBytes(progress.total, locale)} (${percent}%)` : ''}`;
}

export function UploadStatus({ progress, waiting = false, afterUpload }: { progress: UploadProgress | null; waiting?: boolean; afterUpload: string }) {
  if (waiting) {
    return (
      <p role="status" data-testid="upload-waiting" className="flex items-center gap-2 rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
        <WifiOff className="size-4 shrink-0 text-warning" aria-hidden="true" />
        Waiting for a connection. The file is sent as soon as this device is back online.
      </p>
    );
  }
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div className="space-y-1.5" data-testid="upload-status">
      <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent ?? undefined} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent ?? 5}%` }} />
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {uploadStatusText(progress, afterUpload)}
      </p>
    </div>
  );
}

// What the report area shows before a result: a busy line while the gateway verifies, and the
// error it gave (an unreadable file, a refused URL, an unknown manifest) in words.
import { AlertOctagon, Loader2 } from 'lucide-react';
import { ApiError } from '@/lib/api/client';

export function ReportLoading({ what }: { what: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border bg-card p-6 shadow-sm">
      <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
      <p>
        <span className="font-medium">Verifying...</span> <span className="text-muted-foreground">{what}</span>
      </p>
    </div>
  );
}

export function errorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Unable to verify content';
}

export function ReportError({ title, error, message }: { title: string; error: unknown; message?: string }) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <div role="alert" data-testid="report-error" className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-danger-soft/60 p-6">
      <AlertOctagon className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm">{message ?? errorText(error)}</p>
        {status === 422 ? <p className="mt-1 text-sm text-muted-foreground">The file could not be read as a supported photo, video, audio or document format.</p> : null}
      </div>
    </div>
  );
}

// Where the asset to check comes from: a file dropped on the zone or picked with the button, or a
// pasted URL; and where files are verified (this browser, or this gateway's verify endpoint, never
// anywhere else).
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { FileUp } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { AssetUrlInput, VerifySubmitButton } from '@/components/asset-url-field';
import { cn } from '@/lib/utils';
import type { VerifyPlace } from '../lib/verify-place';
import { VerifyPlacePicker } from './verify-place-picker';

/** Formats the engine reads (every format c2pa-rs supports). */
export const ACCEPTED_TYPES =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif,image/tiff,image/svg+xml,video/mp4,video/quicktime,audio/mp4,audio/wav,audio/mpeg,application/pdf,.c2pa,.m4v,.mov,.heic,.heif';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function SourcePicker({ busy, initialUrl, onUrl, onFile, place, onPlaceChange }: {
  busy: boolean;
  initialUrl: string;
  onUrl: (url: string) => void;
  onFile: (file: File) => void;
  place: VerifyPlace;
  onPlaceChange: (place: VerifyPlace) => void;
}) {
  const [url, setUrl] = useState(initialUrl);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const value = url.trim();
    if (!value) {
      toast.error('Image URL required', { description: 'Please enter an image URL to verify' });
      return;
    }
    if (!isHttpUrl(value)) {
      setUrlError('Enter an address that starts with http:// or https://');
      return;
    }
    setUrlError(null);
    onUrl(value);
  }

  function drop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed bg-card p-6 text-center transition-colors',
          dragging ? 'border-primary bg-accent/60' : 'border-input',
        )}
      >
        <FileUp className="size-8 text-muted-foreground" aria-hidden="true" strokeWidth={1.5} />
        <div>
          <p className="font-medium">Drop a photo, video or document here</p>
          <p className="text-sm text-muted-foreground">JPEG, PNG, WebP, AVIF, HEIC, GIF, TIFF, SVG, MP4, MOV, audio, PDF or a .c2pa manifest</p>
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_TYPES}
          // Hidden from the tab order and the accessibility tree: the 'Choose a file' button opens it.
          hidden
          data-testid="file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = '';
          }}
        />
        <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          Choose a file
        </Button>
        <VerifyPlacePicker place={place} disabled={busy} onChange={onPlaceChange} />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col justify-center gap-3 rounded-xl border bg-card p-6">
        <FormField id="report-url" label="Or check a file on the web" error={urlError} className="flex flex-col gap-3">
          {(control) => <AssetUrlInput {...control} value={url} onChange={(event) => setUrl(event.target.value)} disabled={busy} />}
        </FormField>
        <VerifySubmitButton busy={busy} className="self-start" />
      </form>
    </div>
  );
}

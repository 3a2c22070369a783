// Preview of the file to sign: the image itself, or for a video its first frame as a poster with
// controls. Shows the file's name, type and size, and a way to remove it.
import { FileVideo, ImageIcon, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '../lib/sign-form';
import type { SelectedMedia } from '../hooks/use-media-selection';

export function MediaPreview({ media, onRemove, disabled }: { media: SelectedMedia; onRemove: () => void; disabled: boolean }) {
  const isVideo = media.mime.startsWith('video/');
  return (
    <figure className="overflow-hidden rounded-lg border bg-muted">
      <div className="grid aspect-video place-items-center bg-black/5 dark:bg-black/30">
        {isVideo ? (
          // #t=0.1 makes browsers paint a frame as the poster instead of a black box.
          <video src={`${media.previewUrl}#t=0.1`} preload="metadata" controls muted playsInline className="max-h-full max-w-full" aria-label={`Preview of ${media.file.name}`} />
        ) : (
          <img src={media.previewUrl} alt={`Preview of ${media.file.name}`} className="max-h-full max-w-full object-contain" />
        )}
      </div>
      <figcaption className="flex items-center gap-3 p-3 text-sm">
        {isVideo ? <FileVideo className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" /> : <ImageIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{media.file.name}</span>
          <span className="text-xs text-muted-foreground">
            {media.mime} · {formatBytes(media.file.size)} · {media.source === 'camera' ? 'captured with the camera' : 'from this device'}
          </span>
        </span>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label="Remove the selected file">
          <X aria-hidden="true" />
          Remove
        </Button>
      </figcaption>
    </figure>
  );
}

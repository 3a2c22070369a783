// The checked asset: the file itself when the user gave one (a video shows its poster frame), else
// the signed file the gateway holds (a report at /v/:id), else the thumbnail the active manifest
// carries, with a warning when its signer is not trusted.
import { useEffect, useState } from 'react';
import { FileQuestion, Film } from 'lucide-react';
import type { TVerifyResponse } from '@provenance/contracts';
import { UntrustedThumbnailNote } from './untrusted-thumbnail-note';

/** An object URL of a local file for as long as the component shows it. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file]);
  return url;
}

/** What the browser can draw of a local file: images, a video's poster frame, an audio player. */
export function localKind(file: File): 'image' | 'video' | 'audio' | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return null;
}

function LocalPreview({ file, url, onUnplayable }: { file: File; url: string; onUnplayable: () => void }) {
  const kind = localKind(file);
  if (kind === 'video') {
    // `#t=0.1` makes the browser seek and paint the poster frame without playing.
    return (
      <video
        data-testid="asset-preview-video"
        src={`${url}#t=0.1`}
        preload="metadata"
        controls
        muted
        playsInline
        onError={onUnplayable}
        aria-label={`Poster frame of ${file.name}`}
        className="max-h-96 w-full rounded-lg bg-black object-contain"
      />
    );
  }
  if (kind === 'audio') {
    return <audio data-testid="asset-preview-audio" src={url} controls preload="metadata" onError={onUnplayable} aria-label={`Play ${file.name}`} className="w-full" />;
  }
  return <img data-testid="asset-preview-image" src={url} alt={`The checked file, ${file.name}`} onError={onUnplayable} className="max-h-96 w-full rounded-lg object-contain" />;
}

export function AssetPreview({ result, file, heldAssetUrl = null }: { result: TVerifyResponse; file: File | null; heldAssetUrl?: string | null }) {
  const url = useObjectUrl(file);
  const [unplayable, setUnplayable] = useState(false);
  const [heldUnavailable, setHeldUnavailable] = useState(false);
  useEffect(() => setUnplayable(false), [file]);
  useEffect(() => setHeldUnavailable(false), [heldAssetUrl]);
  const thumbnail = result.report.activeManifest?.thumbnail ?? null;
  const trusted = result.verification.status === 'verified';
  const title = result.report.activeManifest?.title ?? file?.name ?? 'this asset';
  const isVideo = (file?.type ?? result.report.format).startsWith('video/');

  let body;
  if (file && url && !unplayable && localKind(file)) {
    body = (
      <figure className="space-y-2">
        <LocalPreview file={file} url={url} onUnplayable={() => setUnplayable(true)} />
        <figcaption className="text-xs text-muted-foreground">The file you checked, shown from your device.</figcaption>
      </figure>
    );
  } else if (heldAssetUrl && !heldUnavailable && (isVideo || result.report.format.startsWith('image/'))) {
    body = (
      <figure className="space-y-2">
        {isVideo ? (
          <video data-testid="asset-preview-held" src={`${heldAssetUrl}#t=0.1`} preload="metadata" controls muted playsInline onError={() => setHeldUnavailable(true)} aria-label={`Poster frame of ${title}, as signed`} className="max-h-96 w-full rounded-lg bg-black object-contain" />
        ) : (
          <img data-testid="asset-preview-held" src={heldAssetUrl} alt={`${title}, as signed`} onError={() => setHeldUnavailable(true)} className="max-h-96 w-full rounded-lg object-contain" />
        )}
        <figcaption className="text-xs text-muted-foreground">The signed file this gateway holds.</figcaption>
      </figure>
    );
  } else if (thumbnail?.dataUrl) {
    body = (
      <figure className="space-y-2">
        <img data-testid="asset-preview-thumbnail" src={thumbnail.dataUrl} alt={`Thumbnail of ${title} stored in its manifest`} className="max-h-96 w-full rounded-lg object-contain" />
        <figcaption className="text-xs text-muted-foreground">Thumbnail stored in the manifest.</figcaption>
        {trusted ? null : <UntrustedThumbnailNote />}
      </figure>
    );
  } else {
    const Icon = isVideo ? Film : FileQuestion;
    body = (
      <div data-testid="asset-preview-none" className="grid min-h-40 place-items-center rounded-lg border border-dashed bg-muted/40 p-6 text-center">
        <div>
          <Icon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" strokeWidth={1.5} />
          <p className="mt-2 text-sm text-muted-foreground">
            {file ? `${file.name}: no preview in the browser, and the manifest carries no thumbnail.` : 'No preview: the manifest carries no thumbnail.'}
          </p>
        </div>
      </div>
    );
  }
  return <div className="rounded-xl border bg-card p-3 shadow-sm">{body}</div>;
}

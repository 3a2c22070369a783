// The dashboard's "Transform" action for a signed image: a small dialog to resize it, convert it
// (JPEG, PNG, WebP, AVIF) and set the quality. The gateway signs the result with the image as its
// parent ingredient, so the new file's credentials say what was done and lead back to the original.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { toast } from 'sonner';
import type { TSignContentResponse, TSignedAsset, TTransformFormat, TTransformRequest } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField, TextField } from '@/components/ui/form-field';
import { transformAsset } from '@/lib/api/assets';

const FORMATS: { value: TTransformFormat | ''; label: string }[] = [
  { value: '', label: 'Keep the format' },
  { value: 'jpeg', label: 'JPEG' },
  { value: 'png', label: 'PNG' },
  { value: 'webp', label: 'WebP' },
  { value: 'avif', label: 'AVIF' },
];

interface TransformForm {
  width: string;
  height: string;
  format: TTransformFormat | '';
  quality: string;
}

/** The request the form describes, or why it cannot be sent. */
export function transformRequestOf(form: TransformForm): { request: TTransformRequest } | { error: string } {
  const size = (text: string, name: string): number | undefined | string => {
    if (!text.trim()) return undefined;
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= 8192 ? value : `${name} must be a whole number of pixels from 1 to 8192`;
  };
  const width = size(form.width, 'Width');
  const height = size(form.height, 'Height');
  if (typeof width === 'string') return { error: width };
  if (typeof height === 'string') return { error: height };
  let quality: number | undefined;
  if (form.quality.trim()) {
    quality = Number(form.quality);
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) return { error: 'Quality must be a whole number from 1 to 100' };
  }
  const request: TTransformRequest = {
    ...((width !== undefined || height !== undefined) && { resize: { ...(width !== undefined && { width }), ...(height !== undefined && { height }) } }),
    ...(form.format && { format: form.format }),
    ...(quality !== undefined && { quality }),
  };
  if (!request.resize && !request.format && request.quality === undefined) return { error: 'Give a new size, a format or a quality' };
  return { request };
}

export function TransformAssetDialog({ asset }: { asset: TSignedAsset }) {
  const [open, setOpen] = useState(false);
  const name = asset.title ?? 'this image';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Transform ${name}`}>
          <Wand2 aria-hidden="true" />
          Transform
        </Button>
      </DialogTrigger>
      {/* The form (and its request state) exists only while the dialog is open: a fresh form each time. */}
      {open ? <TransformDialogContent asset={asset} name={name} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function TransformDialogContent({ asset, name, onDone }: { asset: TSignedAsset; name: string; onDone: () => void }) {
  const [form, setForm] = useState<TransformForm>({ width: '', height: '', format: '', quality: '' });
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const transform = useMutation<TSignContentResponse, Error, TTransformRequest>({
    mutationFn: (request) => transformAsset(asset.assetId, request),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
      toast.success('Transformed and signed', { description: `A new ${result.mime.replace('image/', '').toUpperCase()} copy, with ${name} as its parent, is in your signed content.` });
      onDone();
    },
    onError: (failure) => setError(failure.message),
  });
  const set = (field: keyof TransformForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = transformRequestOf(form);
    if ('error' in outcome) return setError(outcome.error);
    setError(null);
    transform.mutate(outcome.request);
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Transform {name}</DialogTitle>
        <DialogDescription>A resized or converted copy, signed with this image as its parent: its Content Credentials say what was done.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <TextField id={`transform-width-${asset.assetId}`} label="Width (px)" className="grid gap-1.5" inputMode="numeric" value={form.width} onChange={set('width')} placeholder="e.g. 1200" />
          <TextField id={`transform-height-${asset.assetId}`} label="Height (px)" className="grid gap-1.5" inputMode="numeric" value={form.height} onChange={set('height')} placeholder="keeps the proportions" />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`transform-format-${asset.assetId}`} label="Format" className="grid gap-1.5">
            {(control) => (
              <select {...control} value={form.format} onChange={set('format')} className="h-9 rounded-md border bg-background px-3 text-sm">
                {FORMATS.map((format) => (
                  <option key={format.value} value={format.value}>
                    {format.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField id={`transform-quality-${asset.assetId}`} label="Quality (1–100)" className="grid gap-1.5" inputMode="numeric" value={form.quality} onChange={set('quality')} placeholder="e.g. 80" />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="submit" disabled={transform.isPending}>
            {transform.isPending ? 'Transforming…' : 'Transform and sign'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

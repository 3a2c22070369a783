// Sign New Content: Capture, Pick File and Share, the preview, and the form
// (Asset URL, Creator Name, title, license, AI flag, software agent, device and location). A file
// picked or captured is uploaded and signed; otherwise the asset at the URL is fetched and signed.
// While the account has no name to sign under, the form asks for it first (required: it is
// published in every signature) and the signing sets it; it is not asked again.
// On success every field resets and the result panel shows what was made.
import { useState, type FormEvent } from 'react';
import { Camera, FileSignature, FolderOpen, Share2, Smartphone, UploadCloud } from 'lucide-react';
import { toast } from 'sonner';
import type { TSignContentResponse } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { BusyButton } from '@/components/ui/busy-button';
import { ChoiceField } from '@/components/ui/choice-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { trackEvent } from '@/lib/api/analytics';
import { locationPrecision } from '@/platform/location-precision';
import { isCancelled } from '@/platform/runtime';
import { share } from '@/platform/share';
import { useCaptureDeviceInfo } from '../hooks/use-capture-device-info';
import { useMediaSelection } from '../hooks/use-media-selection';
import { useSignContent } from '../hooks/use-sign-content';
import { useSigningNameNeeded } from '../hooks/use-signing-name';
import { EMPTY_FORM, LICENSE_SUGGESTIONS, missingFields, type SignFieldErrors, type SignFormValues } from '../lib/sign-form';
import { CreatorNameField } from './creator-name-field';
import { MediaPreview } from './media-preview';
import { SignResultPanel } from './sign-result-panel';
import { UploadProgress } from './upload-progress';
import { SigningNameField } from './signing-name-field';

/** What Share hands on: the latest signing of this visit, else the account's newest signed asset. */
export interface Shareable {
  assetId: string;
  title: string | null;
  signedAssetUrl: string;
}

export function SignContentPanel({ userId, latestAsset }: { userId: string; latestAsset: Shareable | null }) {
  const [values, setValues] = useState<SignFormValues>(EMPTY_FORM);
  const [result, setResult] = useState<TSignContentResponse | null>(null);
  const [errors, setErrors] = useState<SignFieldErrors>({});
  const selection = useMediaSelection();
  const device = useCaptureDeviceInfo();
  const signing = useSignContent(userId, (signed) => {
    setResult(signed);
    setValues(EMPTY_FORM);
    selection.clear();
  });
  const asksName = useSigningNameNeeded(userId);
  const { media } = selection;
  // A picked file stands in for the URL, so the URL's message no longer applies.
  const urlError = media ? undefined : errors.assetUrl;
  const busy = signing.busy;

  const set = <K extends keyof SignFormValues>(field: K, value: SignFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes once the person changes that field.
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
  };

  async function capture(): Promise<void> {
    // A photo taken here is where this device is: its location is offered by default.
    if (await selection.capture()) set('includeLocation', true);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const missing = missingFields(values, media !== null, asksName);
    setErrors(missing);
    if (missing.assetUrl || missing.creator) {
      toast.error('Missing information', { description: 'Please provide asset URL and creator name' });
      // The first field to fix gets the focus, and its message is read with it.
      document.getElementById(missing.organization ? 'sign-organization' : missing.assetUrl ? 'sign-asset-url' : 'sign-creator')?.focus();
      return;
    }
    if (missing.organization) {
      toast.error('Missing information', { description: 'Please provide the name to sign under' });
      document.getElementById('sign-organization')?.focus();
      return;
    }
    void signing.sign(values, media, asksName ? values.organization.trim() : undefined);
  }

  async function shareSigned(): Promise<void> {
    const target: Shareable | null = result ? { assetId: result.assetId, title: result.verification.report.activeManifest?.title ?? null, signedAssetUrl: result.signedAssetUrl } : latestAsset;
    if (!target) {
      toast.error('Nothing to share', { description: 'Please sign content first' });
      return;
    }
    try {
      const outcome = await share.share({
        title: target.title ? `Content Credentials: ${target.title}` : 'Content Credentials',
        text: 'This file carries C2PA Content Credentials. Verify them with any C2PA validator.',
        url: target.signedAssetUrl,
      });
      void trackEvent('share', target.assetId);
      if (outcome === 'copied') toast.success('Link copied', { description: 'Sharing is not available here, so the link to the signed file is on your clipboard' });
    } catch (error) {
      if (isCancelled(error)) return;
      toast.error('Share failed', { description: 'Unable to share the signed file' });
    }
  }

  return (
    <section aria-labelledby="sign-new-content" className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle level={2} id="sign-new-content">Sign New Content</CardTitle>
          <CardDescription>Capture or pick an image or video, or give the URL of one, add its credentials and sign it. JPEG, PNG, WebP, MP4 and more.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={handleSubmit} aria-label="Sign New Content" className="grid gap-8 lg:grid-cols-5">
            <div className="space-y-4 lg:col-span-2">
              <div className="grid grid-cols-3 gap-2">
                <Button variant="outline" className="h-auto flex-col gap-1.5 py-3" onClick={() => void capture()} disabled={busy}>
                  <Camera aria-hidden="true" />
                  Capture
                </Button>
                <Button variant="outline" className="h-auto flex-col gap-1.5 py-3" onClick={() => void selection.pick()} disabled={busy}>
                  <FolderOpen aria-hidden="true" />
                  Pick File
                </Button>
                <Button variant="outline" className="h-auto flex-col gap-1.5 py-3" onClick={() => void shareSigned()} disabled={busy}>
                  <Share2 aria-hidden="true" />
                  Share
                </Button>
              </div>
              {media ? (
                <MediaPreview media={media} onRemove={selection.clear} disabled={busy} />
              ) : (
                <div className="grid aspect-video place-items-center rounded-lg border border-dashed bg-muted/50 p-6 text-center text-sm text-muted-foreground">
                  <div className="space-y-2">
                    <UploadCloud className="mx-auto size-8" aria-hidden="true" />
                    <p>No file selected. Capture a photo, pick a file, or sign by URL.</p>
                  </div>
                </div>
              )}
              {device ? (
                <div className="rounded-lg border p-3 text-sm">
                  <p className="mb-2 flex items-center gap-2 font-medium">
                    <Smartphone className="size-4 text-muted-foreground" aria-hidden="true" />
                    Device details
                  </p>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                    <dt className="text-muted-foreground">Platform</dt>
                    <dd>{device.platform ?? 'N/A'}</dd>
                    <dt className="text-muted-foreground">Model</dt>
                    <dd className="break-words">{device.model ?? 'N/A'}</dd>
                    <dt className="text-muted-foreground">Manufacturer</dt>
                    <dd>{device.manufacturer ?? 'N/A'}</dd>
                    <dt className="text-muted-foreground">OS version</dt>
                    <dd>{device.osVersion ?? 'N/A'}</dd>
                  </dl>
                  <p className="mt-2 text-xs text-muted-foreground">Recorded in the manifest with the signature.</p>
                </div>
              ) : null}
            </div>

            <fieldset disabled={busy} className="space-y-5 lg:col-span-3">
              <legend className="sr-only">Content credentials</legend>
              {asksName ? (
                <SigningNameField id="sign-organization" className="space-y-2 rounded-lg border p-4" value={values.organization} error={errors.organization} onChange={(value) => set('organization', value)} />
              ) : null}
              <TextField
                id="sign-asset-url"
                label="Asset URL"
                hint={media ? 'Remove the selected file to sign by URL instead.' : 'A public http(s) address of an image or video. Or pick a file on this device.'}
                error={urlError}
                name="assetUrl"
                type="url"
                inputMode="url"
                placeholder={media ? 'The selected file is uploaded instead' : 'https://example.org/photo.jpg'}
                disabled={media !== null}
                value={values.assetUrl}
                onChange={(e) => set('assetUrl', e.target.value)}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <CreatorNameField id="sign-creator" error={errors.creator} value={values.creator} onChange={(value) => set('creator', value)} />
                <TextField id="sign-title" label="Title (optional)" name="title" value={values.title} onChange={(e) => set('title', e.target.value)} placeholder="Flood in the old town, 6 a.m." />
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="space-y-2">
                  <TextField id="sign-license" label="License" name="license" list="sign-license-options" value={values.license} onChange={(e) => set('license', e.target.value)} />
                  <datalist id="sign-license-options">
                    {LICENSE_SUGGESTIONS.map((license) => (
                      <option key={license} value={license} />
                    ))}
                  </datalist>
                </div>
                <TextField
                  id="sign-software-agent"
                  label="Software agent (optional)"
                  name="softwareAgent"
                  value={values.softwareAgent}
                  onChange={(e) => set('softwareAgent', e.target.value)}
                  placeholder="Adobe Lightroom 14.1"
                />
              </div>
              <div className="space-y-3 rounded-lg border p-4">
                <ChoiceField
                  id="sign-ai-assisted"
                  type="checkbox"
                  label="AI-assisted content"
                  hint="Declare that generative AI edited or composed this content. It is recorded as AI-edited (compositeWithTrainedAlgorithmicMedia), and reports say “Edited with AI”."
                  checked={values.aiAssisted}
                  onChange={(e) => set('aiAssisted', e.target.checked)}
                />
                <ChoiceField
                  id="sign-include-location"
                  type="checkbox"
                  label="Include my location"
                  hint={`Adds where this device is now, ${
                    locationPrecision.isPrecise() ? 'precisely (as chosen on Device Information)' : 'rounded to about 100 m (precise location can be chosen on Device Information)'
                  }. Left out if it cannot be read.`}
                  checked={values.includeLocation}
                  onChange={(e) => set('includeLocation', e.target.checked)}
                />
              </div>
              {signing.progress ? <UploadProgress progress={signing.progress} /> : null}
              <BusyButton type="submit" size="lg" className="w-full sm:w-auto" busy={busy} busyLabel="Signing..." icon={<FileSignature aria-hidden="true" />}>
                Sign Content
              </BusyButton>
            </fieldset>
          </form>
        </CardContent>
      </Card>
      {result ? <SignResultPanel result={result} onDismiss={() => setResult(null)} /> : null}
    </section>
  );
}

// How a publisher shows the Content Credentials badge on their own page: the snippet (the script
// once per page, the element around the image), made by the badge package itself so the docs and
// the dashboard give the same working HTML, with the reader's manifest ID and image address in it.
import { useId, useState } from 'react';
import { embedSnippet } from '@provenance/badge/embed-snippet';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { CodeBlock } from './code-block';

const EXAMPLE_MANIFEST = 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f';

export function EmbedBadgeSection({ origin, assetUrl }: { origin: string; assetUrl: string }) {
  const id = useId();
  const [manifestId, setManifestId] = useState('');
  const snippet = embedSnippet({ origin, manifestId: manifestId.trim() || EXAMPLE_MANIFEST, assetUrl: assetUrl || 'https://example.com/photo.jpg', alt: 'Describe the photo' });
  return (
    <Card aria-labelledby="embed-badge" role="region" data-testid="embed-badge-docs">
      <CardHeader>
        <CardTitle id="embed-badge">Embed the Content Credentials badge</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm leading-relaxed">
        <p>
          Put this on the page that shows a signed image or video. The script (one per page, loaded from this gateway) pins a small CR badge over
          the asset without moving it; the badge verifies the manifest here and, when clicked, shows who signed it, when, and whether it changed,
          with a link to the full report. It works for every viewer, no account needed.
        </p>
        <ol className="list-decimal space-y-1 ps-5">
          <li>Sign the asset (Sign Content tab) and keep the manifest ID it answers, or copy the snippet from the dashboard.</li>
          <li>Serve the signed file from your site and put its address in the image tag.</li>
          <li>Paste the snippet where the image goes. Set position="top-left", "bottom-left" or "bottom-right" on the element to move the badge.</li>
        </ol>
        <TextField
          id={`${id}-manifest`}
          label="Manifest ID used in the snippet"
          className="space-y-1.5 sm:max-w-md"
          placeholder={EXAMPLE_MANIFEST}
          value={manifestId}
          onChange={(event) => setManifestId(event.target.value)}
        />
        <CodeBlock code={snippet} language="html" label="HTML" />
        <p className="text-muted-foreground">
          Where scripts are not allowed (a README, a forum), link the status image instead: <code className="break-all font-mono">{`${origin}/api/v1/badge/{manifestId}.svg`}</code>.
        </p>
      </CardContent>
    </Card>
  );
}

// Before and after: an ingredient's thumbnail laid over the asset, split where a range input says,
// so a person can see what the edit changed. The range input is the control (keyboard arrows,
// screen readers announce the percentage); the pictures are decoration of it with their own alt text.
import { useMemo, useState } from 'react';
import { SplitSquareHorizontal } from 'lucide-react';
import type { TIngredientNode, TVerifyResponse } from '@provenance/contracts';
import { ReportSection } from './report-section';
import { localKind, useObjectUrl } from './asset-preview';
import { UntrustedThumbnailNote } from './untrusted-thumbnail-note';

/** The ingredient worth comparing: the parent (what was edited) first, else any with a thumbnail. */
export function comparableIngredient(ingredients: TIngredientNode[]): TIngredientNode | null {
  const withThumb = ingredients.filter((node) => node.thumbnail?.dataUrl);
  return withThumb.find((node) => node.relationship === 'parentOf') ?? withThumb[0] ?? null;
}

export function CompareSlider({ result, file }: { result: TVerifyResponse; file: File | null }) {
  const fileUrl = useObjectUrl(file && localKind(file) === 'image' ? file : null);
  const assetUrl = fileUrl;
  const ingredient = useMemo(() => comparableIngredient(result.report.ingredients), [result]);
  const [split, setSplit] = useState(50);
  const after = assetUrl ?? result.report.activeManifest?.thumbnail?.dataUrl ?? null;
  const before = ingredient?.thumbnail?.dataUrl ?? null;
  if (!ingredient || !before || !after) return null;
  const name = ingredient.title ?? 'the ingredient';
  return (
    <ReportSection id="compare-title" title="Compare with its source" icon={<SplitSquareHorizontal />} description={`Left: ${name}, as its thumbnail shows it. Right: this asset.`}>
      <div className="relative overflow-hidden rounded-lg border bg-muted" data-testid="compare-slider">
        <img src={after} alt="This asset" className="block max-h-96 w-full object-contain" />
        <img
          src={before}
          alt={`Thumbnail of ${name}`}
          className="absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 bg-primary" style={{ left: `${split}%` }} />
      </div>
      <label className="mt-3 flex items-center gap-3 text-sm">
        <span className="shrink-0 font-medium">Source shown</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          onChange={(event) => setSplit(Number(event.target.value))}
          aria-valuetext={`${split}% of ${name} shown, ${100 - split}% of this asset`}
          className="w-full accent-primary"
        />
      </label>
      {result.verification.status === 'verified' ? null : (
        <div className="mt-2">
          <UntrustedThumbnailNote compact />
        </div>
      )}
    </ReportSection>
  );
}

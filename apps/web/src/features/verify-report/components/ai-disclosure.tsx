// The AI disclosure, from the actions' digitalSourceType: generated, AI-edited, captured, or no
// statement (which is said plainly: silence is not a denial).
import { Bot, Camera, CircleSlash, Sparkles } from 'lucide-react';
import type { TManifestSummary } from '@provenance/contracts';
import { cn } from '@/lib/utils';
import { aiDisclosureText } from '@/lib/ai-disclosure-text';
import { sourceTypeLabel } from '../lib/report-text';
import { ReportSection } from './report-section';

const ICONS = { generated: Bot, ai_edited: Sparkles, captured: Camera } as const;

export function AiDisclosure({ manifest }: { manifest: TManifestSummary }) {
  const text = aiDisclosureText(manifest.aiDisclosure);
  const Icon = manifest.aiDisclosure ? ICONS[manifest.aiDisclosure] : CircleSlash;
  return (
    <ReportSection id="ai-title" title="AI disclosure" icon={<Sparkles />} description="How the content was made, as declared in its actions.">
      <div
        data-testid="ai-disclosure"
        data-disclosure={manifest.aiDisclosure ?? 'none'}
        className={cn(
          'flex items-start gap-3 rounded-lg border p-4',
          text.tone === 'warning' && 'border-warning/40 bg-warning-soft',
          text.tone === 'success' && 'border-success/40 bg-success-soft',
          text.tone === 'neutral' && 'bg-muted/40',
        )}
      >
        <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" strokeWidth={1.6} />
        <div>
          <p className="font-semibold">{text.title}</p>
          <p className="text-sm text-muted-foreground">{text.detail}</p>
        </div>
      </div>
      {manifest.digitalSourceTypes.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Digital source types</h3>
          <ul className="mt-2 space-y-1.5">
            {manifest.digitalSourceTypes.map((type) => (
              <li key={type} className="text-sm">
                <span className="font-medium">{sourceTypeLabel(type)}</span>
                <span className="ml-2 break-all font-mono text-xs text-muted-foreground">{type.split('/').pop()}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ReportSection>
  );
}

// The ingredient tree as a picture: this asset at the root, each ingredient below it joined by a
// line, with its thumbnail (warned about when its manifest's signer is not trusted), relationship,
// own verdict, and, when expanded, its failures and its own ingredients.
import { useMemo, useState } from 'react';
import { ChevronRight, ImageOff, Layers } from 'lucide-react';
import type { TVerifyResponse } from '@provenance/contracts';
import { StatusPill } from '@/components/status-pill';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { buildTree, countNodes, type TreeNode } from '../lib/ingredient-tree';
import { ingredientStatusText, relationshipDetail, relationshipLabel } from '../lib/report-text';
import { ReportSection } from './report-section';
import { UntrustedThumbnailNote } from './untrusted-thumbnail-note';

function Thumb({ src, alt }: { src: string | undefined; alt: string }) {
  if (!src) {
    return (
      <span className="grid size-16 shrink-0 place-items-center rounded-md border border-dashed bg-muted/50 text-muted-foreground" title="No thumbnail in the manifest">
        <ImageOff className="size-5" aria-hidden="true" />
        <span className="sr-only">No thumbnail</span>
      </span>
    );
  }
  return <img src={src} alt={alt} className="size-16 shrink-0 rounded-md border bg-muted object-cover" loading="lazy" />;
}

function collectIds(nodes: TreeNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 || node.node.failures.length > 0 ? [node.id, ...collectIds(node.children)] : collectIds(node.children)));
}

function NodeCard({ item, expanded, onToggle }: { item: TreeNode; expanded: Set<string>; onToggle: (id: string) => void }) {
  const { node } = item;
  const title = node.title ?? 'Untitled ingredient';
  const open = expanded.has(item.id);
  const expandable = item.children.length > 0 || node.failures.length > 0;
  const panelId = `${item.id}-panel`;
  return (
    <li className="relative ps-6 before:absolute before:start-0 before:top-0 before:h-full before:border-s-2 before:border-border last:before:h-10 after:absolute after:start-0 after:top-10 after:w-5 after:border-t-2 after:border-border">
      <div data-testid="ingredient" data-status={node.status} data-depth={item.depth} className="rounded-lg border bg-card p-3 shadow-xs">
        <div className="flex items-start gap-3">
          <Thumb src={node.thumbnail?.dataUrl} alt={`Thumbnail of ingredient ${title}`} />
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium">{title}</p>
            <p className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{relationshipLabel(node.relationship)}</span> · {relationshipDetail(node.relationship)}
              {node.format ? <> · {node.format}</> : null}
            </p>
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              <StatusPill status={node.status} className="text-xs" />
              <span className="text-xs text-muted-foreground">{ingredientStatusText(node.status)}</span>
            </div>
          </div>
          {expandable ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => onToggle(item.id)}
              className="shrink-0"
            >
              <ChevronRight className={cn('transition-transform', open && 'rotate-90')} aria-hidden="true" />
              <span className="sr-only">{open ? `Collapse ${title}` : `Expand ${title}`}</span>
              <span aria-hidden="true" className="hidden sm:inline">{open ? 'Less' : 'More'}</span>
            </Button>
          ) : null}
        </div>
        {node.thumbnail?.dataUrl && !item.thumbnailTrusted ? (
          <div className="mt-2">
            <UntrustedThumbnailNote compact />
          </div>
        ) : null}
        {open && node.failures.length > 0 ? (
          <ul id={item.children.length === 0 ? panelId : undefined} className={cn('mt-3 space-y-1 rounded-md border p-2 text-xs', node.status === 'partial' ? 'border-warning/40 bg-warning-soft' : 'border-destructive/30 bg-danger-soft/50')}>
            {node.failures.map((failure, index) => (
              <li key={`${failure.code}-${index}`}>
                <span className="font-mono font-medium">{failure.code}</span>: {failure.explanation}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {item.children.length > 0 ? (
        <ul id={panelId} hidden={!open} aria-label={`Ingredients of ${title}`} className="mt-3 space-y-3">
          {item.children.map((child) => (
            <NodeCard key={child.id} item={child} expanded={expanded} onToggle={onToggle} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function IngredientTree({ result }: { result: TVerifyResponse }) {
  const { ingredients, activeManifest } = result.report;
  const tree = useMemo(() => buildTree(ingredients, result.verification.status), [ingredients, result.verification.status]);
  const allIds = useMemo(() => collectIds(tree), [tree]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const total = countNodes(ingredients);
  const toggle = (id: string): void =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rootTitle = activeManifest?.title ?? 'This asset';
  const rootThumb = activeManifest?.thumbnail?.dataUrl;

  return (
    <ReportSection
      id="ingredients-title"
      title="Ingredients"
      icon={<Layers />}
      description={total > 0 ? `${total} ingredient${total === 1 ? '' : 's'} went into this asset, each with its own verdict.` : 'The assets this one was made from, each with its own verdict.'}
      actions={
        allIds.length > 0 ? (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setExpanded(new Set(allIds))}>
              Expand all
            </Button>
            <Button variant="outline" size="sm" onClick={() => setExpanded(new Set())}>
              Collapse all
            </Button>
          </div>
        ) : null
      }
    >
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">The manifest lists no ingredients: this asset was not made from other credentialed files.</p>
      ) : (
        <div data-testid="ingredient-tree" className="overflow-x-auto">
          <div className="flex items-center gap-3 rounded-lg border-2 border-primary/40 bg-accent/40 p-3">
            <Thumb src={rootThumb} alt={`Thumbnail of ${rootTitle}`} />
            <div className="min-w-0">
              <p className="break-words font-semibold">{rootTitle}</p>
              <div className="mt-1 flex items-center gap-2">
                <StatusPill status={result.verification.status} className="text-xs" />
                <span className="text-xs text-muted-foreground">This asset</span>
              </div>
            </div>
          </div>
          {rootThumb && result.verification.status !== 'verified' ? (
            <div className="mt-2">
              <UntrustedThumbnailNote compact />
            </div>
          ) : null}
          <ul className="ms-8 mt-3 space-y-3" aria-label={`Ingredients of ${rootTitle}`}>
            {tree.map((item) => (
              <NodeCard key={item.id} item={item} expanded={expanded} onToggle={toggle} />
            ))}
          </ul>
        </div>
      )}
    </ReportSection>
  );
}

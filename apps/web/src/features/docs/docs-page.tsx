// API Docs: four tabs (Overview, Sign Content, Verify, Analytics) built from the
// server's own OpenAPI document, so what the page says is what the server does. Examples target
// this origin; the reader can put their own asset URL into them.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, BarChart3, BookOpen, FileSignature, Loader2, ScanSearch } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { env } from '@/config/env';
import { openApiDocumentQuery, type OpenApiDocument } from '@/lib/api/openapi-document';
import { EndpointCard } from './components/endpoint-card';
import { OverviewTab } from './components/overview-tab';
import type { ExampleContext } from './lib/examples';
import { basePathOf, listOperations, type DocsTab } from './lib/openapi';

const TABS: { value: DocsTab; label: string; Icon: typeof BookOpen; intro: string }[] = [
  { value: 'overview', label: 'Overview', Icon: BookOpen, intro: '' },
  { value: 'sign', label: 'Sign Content', Icon: FileSignature, intro: 'Sign an asset: the gateway embeds a C2PA manifest with your metadata and returns its manifest ID.' },
  { value: 'verify', label: 'Verify', Icon: ScanSearch, intro: 'Verify an asset by URL, by manifest ID or by upload: the answer is the verdict, the badge text and the full report.' },
  { value: 'analytics', label: 'Analytics', Icon: BarChart3, intro: 'Record events about your assets and read the figures of your account.' },
];

function isTab(value: string | null): value is DocsTab {
  return TABS.some((tab) => tab.value === value);
}

export function DocsPage() {
  const query = useQuery(openApiDocumentQuery);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: DocsTab = isTab(tabParam) ? tabParam : 'overview';

  return (
    <PageContainer>
      <PageHeader title="API Documentation" description="Sign, verify and track content from your own systems over HTTPS." icon={<BookOpen aria-hidden="true" />} />
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the API description…
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-danger-soft/40 p-5">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4 text-destructive" aria-hidden="true" /> The API description could not be loaded.
          </p>
          <p className="text-sm text-muted-foreground">{query.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DocsTabs doc={query.data} tab={tab} onTab={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })} />
      )}
    </PageContainer>
  );
}

function DocsTabs({ doc, tab, onTab }: { doc: OpenApiDocument; tab: DocsTab; onTab: (tab: DocsTab) => void }) {
  const operations = useMemo(() => listOperations(doc), [doc]);
  const [assetUrl, setAssetUrl] = useState('');
  const examples: ExampleContext = {
    doc,
    origin: window.location.origin,
    basePath: basePathOf(doc, env.VITE_API_BASE_URL),
    overrides: assetUrl.trim() ? { assetUrl: assetUrl.trim() } : {},
  };

  return (
    <Tabs value={tab} onValueChange={(value) => isTab(value) && onTab(value)}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <TabsList aria-label="API documentation sections">
          {TABS.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TextField
          id="docs-asset-url"
          label="Asset URL used in the examples"
          className="w-full space-y-1.5 lg:max-w-sm"
          type="url"
          placeholder="https://example.com/photo.jpg"
          value={assetUrl}
          onChange={(event) => setAssetUrl(event.target.value)}
        />
      </div>
      <TabsContent value="overview">
        <OverviewTab doc={doc} operations={operations} examples={examples} />
      </TabsContent>
      {TABS.filter((t) => t.value !== 'overview').map((t) => {
        const ops = operations.filter((op) => op.tab === t.value);
        return (
          <TabsContent key={t.value} value={t.value} className="space-y-6">
            <p className="max-w-3xl text-muted-foreground">{t.intro}</p>
            {ops.length ? (
              ops.map((op) => <EndpointCard key={op.id} doc={doc} op={op} examples={examples} />)
            ) : (
              <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">This server does not publish any {t.label} endpoints yet.</p>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}

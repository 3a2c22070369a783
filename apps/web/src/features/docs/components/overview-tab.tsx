// Overview tab: base URL, authentication, error shape, and every endpoint the server publishes.
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { OpenApiDocument } from '@/lib/api/openapi-document';
import type { ApiOperation, DocsTab } from '../lib/openapi';
import { API_KEY_VARIABLE, type ExampleContext } from '../lib/examples';
import { ScrollRegion } from '@/components/scroll-region';
import { CodeBlock } from './code-block';
import { EmbedBadgeSection } from './embed-badge-section';
import { EndpointCard } from './endpoint-card';
import { MethodPill } from './method-pill';

const TAB_NAMES: Record<DocsTab, string> = { overview: 'Overview', sign: 'Sign Content', verify: 'Verify', analytics: 'Analytics' };

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}

export function OverviewTab({ doc, operations, examples }: { doc: OpenApiDocument; operations: ApiOperation[]; examples: ExampleContext }) {
  const accountOps = operations.filter((op) => op.tab === 'overview');
  const baseUrl = `${examples.origin}${examples.basePath}`;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Block title="Base URL">
          <p>All endpoints live under this address and speak JSON.</p>
          <code className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-[13px]">{baseUrl}</code>
          <p className="text-muted-foreground">
            The machine-readable description is at{' '}
            <a className="font-mono text-primary underline-offset-4 hover:underline" href={`${examples.basePath}/openapi.json`}>
              {examples.basePath}/openapi.json
            </a>{' '}
            (OpenAPI {doc.openapi}, API version {doc.info?.version ?? 'unknown'}).
          </p>
        </Block>
        <Block title="Authentication">
          <p>
            Public endpoints (verification) need no authentication. Authenticated endpoints take an API key as a bearer token; keys are created in
            Account Settings. A session access token works the same way.
          </p>
          <code className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-[13px]">Authorization: Bearer {'<API key>'}</code>
          <p className="text-muted-foreground">
            The examples read the key from the <code className="font-mono">{API_KEY_VARIABLE}</code> environment variable.
          </p>
        </Block>
      </div>
      <Block title="Errors">
        <p>Every failure answers with an HTTP status and the same JSON shape; the message names the field or the reason.</p>
        <CodeBlock language="json" label="Error body" code={JSON.stringify({ error: { code: 'validation_error', message: 'Password must be at least 6 characters' } }, null, 2)} />
        <p className="text-muted-foreground">Too many attempts answer 429 with a Retry-After header.</p>
      </Block>
      <Block title="Endpoints">
        <ScrollRegion label="Endpoints">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">Method</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Path</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Summary</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Section</th>
                <th scope="col" className="py-2 font-semibold">Auth</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {operations.map((op) => (
                <tr key={`${op.method} ${op.path}`}>
                  <td className="py-2 pr-3"><MethodPill method={op.method} /></td>
                  <td className="py-2 pr-3 font-mono text-[13px]">{op.path}</td>
                  <td className="py-2 pr-3">{op.summary}</td>
                  <td className="py-2 pr-3 text-muted-foreground">{op.tab === 'overview' ? (op.tags[0] ?? 'General') : TAB_NAMES[op.tab]}</td>
                  <td className="py-2 capitalize text-muted-foreground">{op.auth === 'none' ? 'Public' : op.auth}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </Block>
      {accountOps.length ? (
        <section aria-labelledby="account-endpoints" className="space-y-4">
          <h2 id="account-endpoints" className="font-serif text-2xl font-semibold">Accounts and support</h2>
          {accountOps.map((op) => (
            <EndpointCard key={op.id} doc={doc} op={op} examples={examples} />
          ))}
        </section>
      ) : null}
      <EmbedBadgeSection origin={examples.origin} assetUrl={typeof examples.overrides?.assetUrl === 'string' ? examples.overrides.assetUrl : ''} />
    </div>
  );
}

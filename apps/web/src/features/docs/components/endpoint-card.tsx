// One endpoint of the API: method and path, what it does, the authentication it needs, its request
// and response fields, and copyable curl and JavaScript examples.
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { OpenApiDocument } from '@/lib/api/openapi-document';
import { schemaFields, type ApiOperation } from '../lib/openapi';
import { curlExample, javascriptExample, API_KEY_VARIABLE, type ExampleContext } from '../lib/examples';
import { AuthNote } from './auth-note';
import { CodeBlock } from './code-block';
import { FieldTable } from './field-table';
import { MethodPill } from './method-pill';

export function EndpointCard({ doc, op, examples }: { doc: OpenApiDocument; op: ApiOperation; examples: ExampleContext }) {
  const requestFields = schemaFields(doc, op.jsonBody ?? op.multipartBody);
  const success = op.responses.filter((r) => r.status.startsWith('2'));
  const failures = op.responses.filter((r) => !r.status.startsWith('2'));
  const pathParams = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const titleId = `endpoint-${op.id}`;

  return (
    <Card aria-labelledby={titleId} data-testid="endpoint" data-endpoint={`${op.method.toUpperCase()} ${op.path}`} role="region">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <MethodPill method={op.method} />
          <code className="break-all font-mono text-sm font-semibold">{`${examples.basePath}${op.path}`}</code>
        </div>
        <h3 id={titleId} className="text-lg font-semibold">
          {op.summary}
        </h3>
        {op.description ? <p className="text-sm text-muted-foreground">{op.description}</p> : null}
        <AuthNote auth={op.auth} />
      </CardHeader>
      <CardContent className="space-y-6">
        {pathParams.length ? (
          <section>
            <h4 className="mb-2 text-sm font-semibold">Parameters</h4>
            <FieldTable
              caption="Parameters"
              fields={pathParams.map((p) => ({ name: `${p.name} (${p.in})`, type: p.schema?.type ? String(p.schema.type) : 'string', required: Boolean(p.required), description: p.description, depth: 0 }))}
            />
          </section>
        ) : null}
        {op.jsonBody || op.multipartBody ? (
          <section>
            <h4 className="mb-2 text-sm font-semibold">
              Request body <span className="font-normal text-muted-foreground">({op.jsonBody ? 'application/json' : 'multipart/form-data'}{op.jsonBody && op.multipartBody ? ', or multipart/form-data with a file' : ''})</span>
            </h4>
            <FieldTable caption="Request fields" fields={requestFields} />
          </section>
        ) : null}
        {success.map((response) => (
          <section key={response.status}>
            <h4 className="mb-2 text-sm font-semibold">
              Response {response.status} <span className="font-normal text-muted-foreground">{response.description}</span>
            </h4>
            {response.schema ? <FieldTable caption={`Response ${response.status} fields`} fields={schemaFields(doc, response.schema)} /> : <p className="text-sm text-muted-foreground">No body.</p>}
          </section>
        ))}
        {failures.length ? (
          <section>
            <h4 className="mb-2 text-sm font-semibold">Errors</h4>
            <ul className="space-y-1 text-sm">
              {failures.map((response) => (
                <li key={response.status}>
                  <span className="font-mono font-semibold">{response.status}</span> <span className="text-muted-foreground">{response.description}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="space-y-3">
          <h4 className="text-sm font-semibold">Examples</h4>
          {op.auth === 'required' ? (
            <p className="text-sm text-muted-foreground">
              Set <code className="font-mono">{API_KEY_VARIABLE}</code> to your API key (or a session access token) first.
            </p>
          ) : null}
          <CodeBlock language="curl" label="curl" code={curlExample(op, examples)} />
          <CodeBlock language="javascript" label="JavaScript (Node.js 18+ ES module)" code={javascriptExample(op, examples)} />
        </section>
      </CardContent>
    </Card>
  );
}

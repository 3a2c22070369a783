// Example calls generated from an operation's schema: a curl command and a JavaScript (fetch)
// snippet, both aimed at this server's origin, so a reader can copy and run them as they are.
import type { JsonSchema, OpenApiDocument } from '@/lib/api/openapi-document';
import { normaliseSchema, type ApiOperation } from './openapi';

/** Values the reader chose for named fields (for example their own assetUrl), used at any depth. */
export type ExampleOverrides = Record<string, unknown>;

export const API_KEY_VARIABLE = 'PROVENANCE_API_KEY';

function placeholder(schema: JsonSchema, name: string): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'string':
      if (schema.format === 'email') return 'ada@example.com';
      if (schema.format === 'uri' || schema.format === 'url' || /url$/i.test(name)) return 'https://example.com/photo.jpg';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return name;
    default:
      return null;
  }
}

export function exampleValue(doc: OpenApiDocument, schema: JsonSchema | undefined, overrides: ExampleOverrides = {}, name = '', depth = 0): unknown {
  if (name && Object.prototype.hasOwnProperty.call(overrides, name)) return overrides[name];
  const s = normaliseSchema(doc, schema);
  if (!s) return null;
  if (s.example !== undefined && !s.properties) return s.example;
  if (s.examples?.length && !s.properties) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.properties && depth < 5) {
    const required = new Set(s.required ?? []);
    const entries = Object.entries(s.properties).flatMap(([key, property]) => {
      const resolved = normaliseSchema(doc, property);
      const hasOwnExample = resolved?.example !== undefined || (resolved?.examples?.length ?? 0) > 0 || Object.prototype.hasOwnProperty.call(overrides, key);
      // Optional fields appear only when the schema (or the reader) gives a value for them, so the
      // example stays a valid request rather than a list of every knob.
      if (!required.has(key) && !hasOwnExample) return [];
      return [[key, exampleValue(doc, property, overrides, key, depth + 1)] as const];
    });
    return Object.fromEntries(entries);
  }
  if (s.type === 'array') return [exampleValue(doc, s.items, overrides, name, depth + 1)];
  return placeholder(s, name);
}

function resolvedPath(doc: OpenApiDocument, op: ApiOperation, overrides: ExampleOverrides): string {
  let path = op.path.replace(/\{([^}]+)\}/g, (_, param: string) => {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === param);
    const value = overrides[param] ?? parameter?.example ?? (parameter?.schema ? exampleValue(doc, parameter.schema, overrides, param) : param);
    return encodeURIComponent(String(value));
  });
  const query = op.parameters
    .filter((p) => p.in === 'query' && (p.required || overrides[p.name] !== undefined))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(overrides[p.name] ?? p.example ?? exampleValue(doc, p.schema, overrides, p.name)))}`);
  if (query.length) path += `?${query.join('&')}`;
  return path;
}

export interface ExampleContext {
  doc: OpenApiDocument;
  origin: string;
  basePath: string;
  overrides?: ExampleOverrides;
}

export interface ExampleRequest {
  url: string;
  method: string;
  body?: unknown;
  auth: boolean;
}

export function exampleRequest(op: ApiOperation, ctx: ExampleContext): ExampleRequest {
  const overrides = ctx.overrides ?? {};
  const url = `${ctx.origin}${ctx.basePath}${resolvedPath(ctx.doc, op, overrides)}`;
  const body = op.jsonBody ? exampleValue(ctx.doc, op.jsonBody, overrides) : undefined;
  return { url, method: op.method.toUpperCase(), body, auth: op.auth === 'required' };
}

/** Quotes a string for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlExample(op: ApiOperation, ctx: ExampleContext): string {
  const req = exampleRequest(op, ctx);
  const lines = [`curl -sS -X ${req.method} ${shellQuote(req.url)}`];
  if (req.auth) lines.push(`-H "Authorization: Bearer $${API_KEY_VARIABLE}"`);
  if (req.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(req.body))}`);
  } else if (op.multipartBody) {
    lines.push(`-F 'file=@photo.jpg'`);
  }
  return lines.join(' \\\n  ');
}

export function javascriptExample(op: ApiOperation, ctx: ExampleContext): string {
  const req = exampleRequest(op, ctx);
  const headers: string[] = [];
  if (req.auth) headers.push(`Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\``);
  if (req.body !== undefined) headers.push(`'Content-Type': 'application/json'`);
  const options = [`method: '${req.method}'`];
  if (headers.length) options.push(`headers: {\n    ${headers.join(',\n    ')},\n  }`);
  if (req.body !== undefined) options.push(`body: JSON.stringify(${JSON.stringify(req.body, null, 2).replace(/\n/g, '\n  ')})`);
  const noContent = op.responses.some((r) => r.status === '204');
  return [
    `const response = await fetch(${JSON.stringify(req.url)}, {`,
    `  ${options.join(',\n  ')},`,
    `});`,
    noContent ? `console.log(response.status);` : `console.log(response.status, await response.json());`,
  ].join('\n');
}

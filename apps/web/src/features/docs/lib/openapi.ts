// Reads the server's OpenAPI document into what the docs page shows: operations with their auth
// requirement, request and response fields, grouped into the page's four tabs.
import type { HttpMethod, JsonSchema, OpenApiDocument, OperationObject, ParameterObject, SecurityRequirement } from '@/lib/api/openapi-document';

export type DocsTab = 'overview' | 'sign' | 'verify' | 'analytics';
export type AuthRequirement = 'required' | 'optional' | 'none';

export interface ApiOperation {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: AuthRequirement;
  parameters: ParameterObject[];
  /** The JSON body schema, when the operation takes one. */
  jsonBody?: JsonSchema;
  /** Whether the operation also accepts a multipart upload (a `file` field). */
  multipartBody?: JsonSchema;
  bodyRequired: boolean;
  responses: { status: string; description: string; schema?: JsonSchema }[];
  tab: DocsTab;
}

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  depth: number;
}

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined, seen: Set<string> = new Set()): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  if (seen.has(name)) return undefined;
  seen.add(name);
  return resolveSchema(doc, doc.components?.schemas?.[name], seen);
}

/** allOf merged, and the first alternative of oneOf/anyOf that is not null. */
export function normaliseSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const resolved = resolveSchema(doc, schema);
  if (!resolved) return undefined;
  if (resolved.allOf?.length) {
    const parts = resolved.allOf.map((part) => normaliseSchema(doc, part)).filter((part): part is JsonSchema => part !== undefined);
    return {
      ...resolved,
      allOf: undefined,
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), resolved.properties ?? {}),
      required: [...parts.flatMap((part) => part.required ?? []), ...(resolved.required ?? [])],
    };
  }
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives?.length) {
    const first = alternatives.map((alt) => normaliseSchema(doc, alt)).find((alt) => alt && alt.type !== 'null');
    if (first) return { ...first, description: resolved.description ?? first.description, nullable: alternatives.some((alt) => alt.type === 'null') || first.nullable };
  }
  return resolved;
}

export function schemaType(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  const s = normaliseSchema(doc, schema);
  if (!s) return 'any';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum?.length) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  const arrayOf = (items: string): string => (items.includes(' | ') ? `(${items})[]` : `${items}[]`);
  const named = types.map((type) => (type === 'array' ? arrayOf(schemaType(doc, s.items)) : type === 'string' && s.format ? `string (${s.format})` : type));
  const nullable = s.nullable && !named.includes('null') ? [...named, 'null'] : named;
  return nullable.join(' | ') || 'any';
}

/** The fields of an object schema, nested objects (and arrays of objects) flattened with a depth. */
export function schemaFields(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0, prefix = ''): SchemaField[] {
  const s = normaliseSchema(doc, schema);
  if (!s?.properties || depth > 4) return [];
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties).flatMap(([name, property]) => {
    const resolved = normaliseSchema(doc, property);
    const field: SchemaField = {
      name: `${prefix}${name}`,
      type: schemaType(doc, property),
      required: required.has(name),
      description: property.description ?? resolved?.description,
      depth,
    };
    const nested = resolved?.type === 'array' ? normaliseSchema(doc, resolved.items) : resolved;
    const suffix = resolved?.type === 'array' ? '[].' : '.';
    return [field, ...schemaFields(doc, nested, depth + 1, `${prefix}${name}${suffix}`)];
  });
}

function authOf(doc: OpenApiDocument, security: SecurityRequirement[] | undefined): AuthRequirement {
  const requirements = security ?? doc.security ?? [];
  if (requirements.length === 0) return 'none';
  return requirements.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}

export function tabOf(path: string, tags: string[]): DocsTab {
  const words = [path, ...tags].join(' ').toLowerCase();
  if (/verif/.test(words)) return 'verify';
  if (/analytic|track|event/.test(words)) return 'analytics';
  if (/sign-content|signing|manifest|asset|\bsign\b/.test(words) && !/sign-(in|up|out)/.test(path)) return 'sign';
  return 'overview';
}

export function listOperations(doc: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op: OperationObject | undefined = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const tags = op.tags ?? [];
      operations.push({
        id: op.operationId ?? `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, ''),
        method,
        path,
        summary: op.summary ?? `${method.toUpperCase()} ${path}`,
        description: op.description,
        tags,
        auth: authOf(doc, op.security),
        parameters: op.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
        bodyRequired: op.requestBody?.required ?? false,
        responses: Object.entries(op.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? '',
          schema: response.content?.['application/json']?.schema,
        })),
        tab: tabOf(path, tags),
      });
    }
  }
  return operations;
}

/** The API's base path as the document states it (servers[0]), falling back to the given one. */
export function basePathOf(doc: OpenApiDocument, fallback: string): string {
  const server = doc.servers?.[0]?.url;
  if (!server) return fallback;
  try {
    return new URL(server, 'http://placeholder').pathname.replace(/\/$/, '');
  } catch {
    return fallback;
  }
}

// GET /openapi.json: the server's OpenAPI document, fetched once per visit, and the subset of an
// OpenAPI 3.1 document the docs page reads. Everything is optional because the document comes from
// the server at run time and may grow.
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: SecurityRequirement[];
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type PathItem = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, PathItem>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { type?: string; scheme?: string; description?: string }> };
  security?: SecurityRequirement[];
}

/** Public and the same for everyone, so it goes without the session's token. */
export function fetchOpenApiDocument(): Promise<OpenApiDocument> {
  return request<OpenApiDocument>('/openapi.json');
}

export const openApiDocumentKeys = {
  document: ['openapi-document'] as const,
};

export const openApiDocumentQuery = queryOptions({
  queryKey: openApiDocumentKeys.document,
  queryFn: fetchOpenApiDocument,
  staleTime: 5 * 60_000,
});

// The server's OpenAPI document, fetched once per visit: GET /openapi.json.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import type { OpenApiDocument } from '../lib/openapi-types';

export function fetchOpenApiDocument(): Promise<OpenApiDocument> {
  return request<OpenApiDocument>('/openapi.json');
}

export const openApiDocumentQuery = queryOptions({
  queryKey: ['openapi-document'],
  queryFn: fetchOpenApiDocument,
  staleTime: 5 * 60_000,
});

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQuery);
}

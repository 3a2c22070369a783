import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@/lib/api/openapi-document';
import { basePathOf, listOperations, schemaFields, schemaType, tabOf } from './openapi';
import { curlExample, exampleValue, javascriptExample, type ExampleContext } from './examples';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  servers: [{ url: 'http://localhost:8080/api/v1' }],
  components: {
    schemas: {
      VerifyRequest: {
        type: 'object',
        properties: {
          assetUrl: { type: 'string', format: 'uri', example: 'https://example.com/photo.jpg', description: 'Where to fetch the asset' },
          manifestId: { type: 'string' },
        },
        required: ['assetUrl'],
      },
      VerifyResponse: {
        type: 'object',
        properties: {
          verification: { type: 'object', properties: { status: { type: 'string', enum: ['verified', 'partial', 'invalid', 'unsigned'] }, trustLevel: { type: 'string' } }, required: ['status'] },
          badge: { type: 'object', properties: { message: { type: 'string' } } },
          report: { anyOf: [{ $ref: '#/components/schemas/Report' }, { type: 'null' }] },
        },
      },
      Report: { type: 'object', properties: { manifestId: { type: ['string', 'null'] } } },
      User: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
    },
  },
  paths: {
    '/verify-content': {
      post: {
        tags: ['verify'],
        summary: 'Verify content',
        security: [{}, { bearerAuth: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/VerifyRequest' } }, 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } },
        responses: { '200': { description: 'The verdict', content: { 'application/json': { schema: { $ref: '#/components/schemas/VerifyResponse' } } } }, '400': { description: 'Bad input' } },
      },
    },
    '/auth/user': {
      get: { tags: ['auth'], summary: 'Current user', security: [{ bearerAuth: [] }], responses: { '200': { description: 'The user', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } },
    },
    '/auth/sign-in': { post: { tags: ['auth'], summary: 'Sign in', responses: {} } },
    '/sign-content': { post: { tags: ['signing'], summary: 'Sign', security: [{ bearerAuth: [] }], responses: {} } },
    '/track-analytics': { post: { summary: 'Track', responses: {} } },
  },
};

const ctx: ExampleContext = { doc, origin: 'http://127.0.0.1:8787', basePath: '/api/v1' };

describe('reading the OpenAPI document', () => {
  it('lists operations with their auth and tab', () => {
    const ops = listOperations(doc);
    const byPath = Object.fromEntries(ops.map((op) => [op.path, op]));
    expect(byPath['/verify-content']).toMatchObject({ method: 'post', auth: 'optional', tab: 'verify', bodyRequired: true });
    expect(byPath['/verify-content']?.multipartBody).toBeDefined();
    expect(byPath['/auth/user']).toMatchObject({ auth: 'required', tab: 'overview' });
    expect(byPath['/auth/sign-in']).toMatchObject({ auth: 'none', tab: 'overview' });
    expect(byPath['/sign-content']?.tab).toBe('sign');
    expect(byPath['/track-analytics']?.tab).toBe('analytics');
  });

  it('never files sign-in or sign-up under Sign Content', () => {
    expect(tabOf('/auth/sign-up', ['auth'])).toBe('overview');
    expect(tabOf('/manifests/{id}', ['manifests'])).toBe('sign');
  });

  it('flattens fields through $ref, nesting and nullable unions', () => {
    const fields = schemaFields(doc, { $ref: '#/components/schemas/VerifyResponse' });
    expect(fields.map((f) => f.name)).toEqual(['verification', 'verification.status', 'verification.trustLevel', 'badge', 'badge.message', 'report', 'report.manifestId']);
    expect(fields.find((f) => f.name === 'verification.status')).toMatchObject({ required: true, type: '"verified" | "partial" | "invalid" | "unsigned"', depth: 1 });
    expect(fields.find((f) => f.name === 'report.manifestId')?.type).toBe('string | null');
    expect(schemaType(doc, { type: 'array', items: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] } })).toBe('(object | null)[]');
  });

  it('takes the base path from the servers entry', () => {
    expect(basePathOf(doc, '/x')).toBe('/api/v1');
    expect(basePathOf({ openapi: '3.1.0' }, '/x')).toBe('/x');
  });
});

describe('examples', () => {
  const verify = listOperations(doc).find((op) => op.path === '/verify-content')!;
  const user = listOperations(doc).find((op) => op.path === '/auth/user')!;

  it('builds a request body from required fields and examples, with the reader’s overrides', () => {
    expect(exampleValue(doc, verify.jsonBody)).toEqual({ assetUrl: 'https://example.com/photo.jpg' });
    expect(exampleValue(doc, verify.jsonBody, { assetUrl: 'http://127.0.0.1:8788/a.png' })).toEqual({ assetUrl: 'http://127.0.0.1:8788/a.png' });
  });

  it('writes a curl command for this origin, quoting the body for the shell', () => {
    const curl = curlExample(verify, { ...ctx, overrides: { assetUrl: "https://example.com/it's.jpg" } });
    expect(curl).toContain("curl -sS -X POST 'http://127.0.0.1:8787/api/v1/verify-content'");
    expect(curl).toContain(`-d '{"assetUrl":"https://example.com/it'\\''s.jpg"}'`);
    expect(curl).not.toContain('Authorization');
  });

  it('adds the API key from the environment where authentication is required', () => {
    expect(curlExample(user, ctx)).toContain('-H "Authorization: Bearer $PROVENANCE_API_KEY"');
    const js = javascriptExample(user, ctx);
    expect(js).toContain("fetch(\"http://127.0.0.1:8787/api/v1/auth/user\"");
    expect(js).toContain('Authorization: `Bearer ${process.env.PROVENANCE_API_KEY}`');
    expect(js).toContain("method: 'GET'");
  });

  it('writes JavaScript that sends the JSON body', () => {
    const js = javascriptExample(verify, ctx);
    expect(js).toContain("'Content-Type': 'application/json'");
    expect(js).toContain('body: JSON.stringify({\n    "assetUrl": "https://example.com/photo.jpg"\n  })');
    expect(js).toContain('console.log(response.status, await response.json());');
  });
});

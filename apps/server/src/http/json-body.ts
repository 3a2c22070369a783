// Reads a route's JSON body where the route also takes other body types (verify-content and
// sign-content accept uploads too, so no JSON validator stands before them): a body of another
// type is a 415 and malformed JSON a 400, not an exception that becomes a 500.
import type { HonoRequest } from 'hono';
import { ApiError } from './api-error.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function readJsonBody(request: HonoRequest): Promise<unknown> {
  const type = request.header('content-type');
  // No Content-Type at all is read as JSON, as curl -d users and older clients send it.
  if (type !== undefined && !JSON_TYPE.test(type.trim())) {
    throw new ApiError(415, 'unsupported_media_type', 'Send JSON (Content-Type: application/json), a multipart/form-data upload or the file itself');
  }
  try {
    return await request.json();
  } catch {
    throw ApiError.validation('The request body is not valid JSON');
  }
}

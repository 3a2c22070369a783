// Old home of the API client, kept only while features/auth and features/settings still import it
// from here; new code imports '@/lib/api/client'.
export { ApiError, apiRequest, apiUrl } from '@/lib/api/client';

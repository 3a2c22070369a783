// Contact form call: POST /support-requests stores the message as a support request (signed-in
// users' requests are attached to their account through the bearer token).
import { useMutation } from '@tanstack/react-query';
import type { TCreateSupportRequest, TSupportRequestReceipt } from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

export function createSupportRequest(input: TCreateSupportRequest): Promise<TSupportRequestReceipt> {
  return apiRequest<TSupportRequestReceipt>('/support-requests', { json: input });
}

export function useCreateSupportRequest() {
  return useMutation({ mutationKey: ['support-requests', 'create'], mutationFn: createSupportRequest });
}

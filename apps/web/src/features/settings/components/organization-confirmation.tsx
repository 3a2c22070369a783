// The link of an organisation confirmation mail opens Settings with ?confirm-organization=<token>:
// the token is used once, on arrival, and the parameter removed, so a reload does not use it again.
// Success or refusal (used, expired, or the name changed since) is said in a toast.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { confirmOrganization, signingIdentityKeys } from '@/lib/api/signing-identities';
import { describeError } from '@/lib/describe-error';

export const CONFIRM_ORGANIZATION_PARAM = 'confirm-organization';

export function OrganizationConfirmation({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const token = params.get(CONFIRM_ORGANIZATION_PARAM);
  const queryClient = useQueryClient();
  // React may run the effect twice in development; a token is used once.
  const used = useRef<string | null>(null);
  const confirm = useMutation({
    mutationFn: confirmOrganization,
    onSuccess: async (organization) => {
      toast.success('Organization verified', { description: `Your next signatures say “${organization.name}” was verified.` });
      await queryClient.invalidateQueries({ queryKey: signingIdentityKeys.organization(userId) });
    },
    onError: (error) => toast.error('Organization not verified', { description: describeError(error, 'The confirmation link could not be used') }),
  });
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || used.current === token) return;
    used.current = token;
    mutate(token);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONFIRM_ORGANIZATION_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [token, mutate, setParams]);

  return null;
}

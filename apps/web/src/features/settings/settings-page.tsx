// Account Settings screen: Account, Security, API Keys and Notifications tabs,
// every action real and for the signed-in user only. The open tab is kept in
// the URL (?tab=) so a reload or a shared link opens the same tab. A confirmation mail's link
// (?confirm-organization=) verifies the organisation name on arrival.
import { useSearchParams } from 'react-router';
import { Bell, KeySquare, Settings, Shield, User } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/auth/use-session';
import { ApiKeysPanel } from './components/api-keys-panel';
import { ChangePasswordForm } from './components/change-password-form';
import { ClaimSignerCard } from './components/claim-signer-card';
import { DeleteAccountCard } from './components/delete-account-card';
import { DemoAccountCard } from './components/demo-account-card';
import { NotificationsPanel } from './components/notifications-panel';
import { OrganizationConfirmation } from './components/organization-confirmation';
import { OrganizationForm } from './components/organization-form';
import { SigningIdentityCard } from './components/signing-identity-card';
import { UpdateEmailForm } from './components/update-email-form';
import { WebhooksPanel } from './components/webhooks-panel';

const TABS = ['account', 'security', 'api-keys', 'notifications'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return TABS.includes(value as Tab);
}

export function SettingsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'account';

  // RequireAuth renders this page only with a session; during a sign-out it can be gone for a frame.
  if (!session) return null;
  const { user } = session;

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Account Settings" description="Manage your account preferences and security" icon={<Settings aria-hidden="true" />} />
      <OrganizationConfirmation userId={user.id} />
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'account' ? {} : { tab: next }, { replace: true })}>
        <TabsList aria-label="Settings sections" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="account">
            <User aria-hidden="true" />
            Account
          </TabsTrigger>
          <TabsTrigger value="security">
            <Shield aria-hidden="true" />
            Security
          </TabsTrigger>
          <TabsTrigger value="api-keys">
            <KeySquare aria-hidden="true" />
            API Keys
          </TabsTrigger>
          <TabsTrigger value="notifications">
            <Bell aria-hidden="true" />
            Notifications
          </TabsTrigger>
        </TabsList>
        <TabsContent value="account" className="space-y-6">
          {/* Keyed by email so a change made elsewhere (another tab) refills the field. */}
          <UpdateEmailForm key={user.email} user={user} />
          <OrganizationForm userId={user.id} />
          <SigningIdentityCard userId={user.id} />
          <ClaimSignerCard />
          <DemoAccountCard />
          <DeleteAccountCard />
        </TabsContent>
        <TabsContent value="security" className="space-y-6">
          <ChangePasswordForm />
        </TabsContent>
        <TabsContent value="api-keys" className="space-y-6">
          <ApiKeysPanel userId={user.id} />
          <WebhooksPanel userId={user.id} />
        </TabsContent>
        <TabsContent value="notifications" className="space-y-6">
          <NotificationsPanel userId={user.id} />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

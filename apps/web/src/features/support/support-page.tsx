// Support Center: four resource cards, the Contact Support form and the support
// mailbox. Only Documentation has a destination today; the other three say so instead of linking
// nowhere.
import { Link } from 'react-router';
import { ArrowRight, BookOpen, LifeBuoy, Library, Mail, MessagesSquare, PlayCircle } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';
import { useSession } from '@/lib/auth/use-session';
import { ContactForm } from './components/contact-form';
import { YourRequests } from './components/your-requests';

const RESOURCES = [
  { Icon: BookOpen, title: 'Documentation', text: 'Endpoints, authentication and working examples for the API.', to: '/docs' },
  { Icon: PlayCircle, title: 'Video Tutorials', text: 'Step-by-step walkthroughs of signing and verifying content.', to: null },
  { Icon: Library, title: 'Knowledge Base', text: 'Answers about C2PA, trust lists and verification results.', to: null },
  { Icon: MessagesSquare, title: 'Community Forum', text: 'Discuss provenance workflows with other teams.', to: null },
] as const;

export function SupportPage() {
  const session = useSession();
  return (
    <PageContainer>
      <PageHeader title="Support Center" description="Find answers, or ask us directly. We reply within 24 hours." icon={<LifeBuoy aria-hidden="true" />} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {RESOURCES.map(({ Icon, title, text, to }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <CardTitle level={2} className="mt-2">{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
              <CardContent>
                {to ? (
                  <Link to={to} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
                    Open {title}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                ) : (
                  <span className="text-sm text-muted-foreground">Coming soon</span>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">Contact Support</h2>
            <CardDescription>Tell us what happened. Every message is recorded and answered.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <div className="space-y-8">
          <Card className="h-fit">
            <CardHeader>
              <Mail className="size-6 text-primary" aria-hidden="true" />
              <h2 className="mt-2 text-lg font-semibold">Email us</h2>
              <CardDescription>Prefer email? Write to our support mailbox.</CardDescription>
            </CardHeader>
            <CardContent>
              <a href={`mailto:${env.VITE_SUPPORT_EMAIL}`} className="break-all font-medium text-primary underline-offset-4 hover:underline">
                {env.VITE_SUPPORT_EMAIL}
              </a>
            </CardContent>
          </Card>
          {session ? <YourRequests userId={session.user.id} /> : null}
        </div>
      </div>
    </PageContainer>
  );
}

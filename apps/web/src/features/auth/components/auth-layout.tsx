// Frame of the sign-in and sign-up screens: the form card beside a short statement of what an
// account gives, which folds away on phones.
import type { ReactNode } from 'react';
import { BadgeCheck, FileSignature, KeyRound } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

const POINTS = [
  { Icon: FileSignature, text: 'Sign images and video with C2PA Content Credentials' },
  { Icon: BadgeCheck, text: 'Verify any asset and show an authenticity badge' },
  { Icon: KeyRound, text: 'API keys and analytics for your own content' },
];

export function AuthLayout({ title, description, children, footer }: { title: string; description: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-5xl items-center gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-2">
      <div className="hidden lg:block">
        <h2 className="font-serif text-3xl font-semibold tracking-tight">Content you can stand behind.</h2>
        <p className="mt-3 text-muted-foreground">
          Provenance Gateway records who made a picture or a video, with what, and what changed since, in a signed manifest anyone can check.
        </p>
        <ul className="mt-8 space-y-4">
          {POINTS.map(({ Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-md bg-accent text-accent-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="pt-1.5 text-sm">{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <Card className="w-full">
        <CardHeader>
          <h1 className="font-serif text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        <div className="border-t px-6 py-4 text-center text-sm text-muted-foreground">{footer}</div>
      </Card>
    </div>
  );
}

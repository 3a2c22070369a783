// The frame of one native feature on this screen: icon, title, description, content, labelled as a
// region so screen-reader users can jump between features.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function FeatureCard({ id, Icon, title, description, children }: { id: string; Icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col">
      <CardHeader>
        <Icon className="size-6 text-primary" aria-hidden="true" />
        <CardTitle level={2} id={`${id}-title`} className="mt-2">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

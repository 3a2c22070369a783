// The card every settings panel sits in: an icon, a title, a description and the panel's content.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export function SettingsCard({
  title,
  description,
  icon,
  tone = 'default',
  children,
}: {
  title: string;
  description: ReactNode;
  icon: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <Card className={cn(tone === 'danger' && 'border-destructive/40')}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span
            className={cn(
              'grid size-9 shrink-0 place-items-center rounded-lg [&_svg]:size-4',
              tone === 'danger' ? 'bg-danger-soft text-destructive' : 'bg-accent text-accent-foreground',
            )}
            aria-hidden="true"
          >
            {icon}
          </span>
          <div className="space-y-1.5">
            <CardTitle level={2} className={cn(tone === 'danger' && 'text-destructive')}>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

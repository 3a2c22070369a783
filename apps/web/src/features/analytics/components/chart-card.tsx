// Frame of a chart: its title, what it shows, the chart itself (hidden from screen readers) and the
// same figures as a table for them, so no number is only in a picture.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function ChartCard({ title, description, chart, table }: { title: string; description: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-label={title}>
          <div aria-hidden="true" className="h-72 w-full">
            {chart}
          </div>
          <figcaption className="sr-only">{table}</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}

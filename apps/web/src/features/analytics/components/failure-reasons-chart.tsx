// Why verifications of the account's content did not verify: each reason and how often (recharts).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TAnalyticsSummary } from '@provenance/contracts';
import { ChartCard } from './chart-card';

const MAX_REASONS = 6;

export function FailureReasonsChart({ summary }: { summary: TAnalyticsSummary }) {
  const reasons = [...summary.failureReasons].sort((a, b) => b.count - a.count).slice(0, MAX_REASONS);
  if (reasons.length === 0) {
    return (
      <ChartCard
        title="Failure reasons"
        description="Why verifications did not verify."
        chart={
          <div className="grid h-full place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">
            Every verification of your content verified.
          </div>
        }
        table={<p>No failed verifications.</p>}
      />
    );
  }
  return (
    <ChartCard
      title="Failure reasons"
      description="Why verifications did not verify, most frequent first."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={reasons} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid horizontal={false} stroke="var(--border)" />
            <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
            <YAxis
              type="category"
              dataKey="reason"
              // Recharts wraps a tick's words within the axis width, so whole reasons stay readable.
              width={170}
              tickLine={false}
              axisLine={false}
              tick={{ fill: 'var(--foreground)', fontSize: 12 }}
              interval={0}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }}
            />
            <Bar dataKey="count" name="Verifications" fill="var(--destructive)" radius={[0, 3, 3, 0]} maxBarSize={28} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table>
          <caption>Failure reasons</caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Verifications</th>
            </tr>
          </thead>
          <tbody>
            {reasons.map((row) => (
              <tr key={row.reason}>
                <th scope="row">{row.reason}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

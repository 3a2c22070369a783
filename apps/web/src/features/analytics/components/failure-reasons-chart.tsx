// Why verifications did not verify: each reason and how often (recharts), each bar in its verdict's
// colour (a partial is amber, not a red failure), with labels short enough to read whole.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TAnalyticsSummary } from '@provenance/contracts';
import { STATUS_LABELS } from '../lib/figures';
import { ChartCard } from './chart-card';
import { STATUS_COLORS } from './chart-colors';

const MAX_REASONS = 6;
const LABEL_CHARS = 44;

/** A reason cut at a word to fit beside its bar; the table below the chart has it whole. */
export function shortReason(reason: string): string {
  if (reason.length <= LABEL_CHARS) return reason;
  const cut = reason.slice(0, LABEL_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 20 ? cut.lastIndexOf(' ') : LABEL_CHARS).trimEnd()}…`;
}

export function FailureReasonsChart({ summary }: { summary: TAnalyticsSummary }) {
  const reasons = [...summary.failureReasons]
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_REASONS)
    .map((row) => ({ ...row, label: `${STATUS_LABELS[row.status]}: ${shortReason(row.reason)}` }));
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
      description="Why verifications did not verify, most frequent first: amber for partial (intact, signer on no trust list), red for invalid, grey for unsigned."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={reasons} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid horizontal={false} stroke="var(--border)" />
            <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
            <YAxis
              type="category"
              dataKey="label"
              // Recharts wraps a tick's words within the axis width; short labels keep lines apart.
              width={230}
              tickLine={false}
              axisLine={false}
              tick={{ fill: 'var(--foreground)', fontSize: 12 }}
              interval={0}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }}
            />
            <Bar dataKey="count" name="Verifications" radius={[0, 3, 3, 0]} maxBarSize={28} isAnimationActive={false}>
              {reasons.map((row) => (
                <Cell key={`${row.status}-${row.reason}`} fill={STATUS_COLORS[row.status]} data-status={row.status} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table>
          <caption>Failure reasons</caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Verdict</th>
              <th scope="col">Verifications</th>
            </tr>
          </thead>
          <tbody>
            {reasons.map((row) => (
              <tr key={`${row.status}-${row.reason}`}>
                <th scope="row">{row.reason}</th>
                <td>{STATUS_LABELS[row.status]}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

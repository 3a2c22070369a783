// Verifications per day over the last 30 days, stacked by verdict (recharts).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TAnalyticsSummary } from '@provenance/contracts';
import { perDayRows, STATUS_LABELS, STATUS_ORDER } from '../lib/figures';
import { ChartCard } from './chart-card';
import { STATUS_COLORS } from './chart-colors';

export function VerificationsPerDayChart({ summary }: { summary: TAnalyticsSummary }) {
  const rows = perDayRows(summary);
  return (
    <ChartCard
      title="Verifications per day"
      description="The last 30 days, by verdict."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }}
            />
            <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
            {STATUS_ORDER.map((status, index) => (
              <Bar
                key={status}
                dataKey={status}
                name={STATUS_LABELS[status]}
                stackId="verdicts"
                fill={STATUS_COLORS[status]}
                radius={index === STATUS_ORDER.length - 1 ? [3, 3, 0, 0] : 0}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table>
          <caption>Verifications per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {STATUS_ORDER.map((status) => (
                <th key={status} scope="col">
                  {STATUS_LABELS[status]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((row) => row.total > 0)
              .map((row) => (
                <tr key={row.date}>
                  <th scope="row">{row.date}</th>
                  {STATUS_ORDER.map((status) => (
                    <td key={status}>{row[status]}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      }
    />
  );
}

// Battery Status: the level as a whole percentage, drawn as a meter, and
// whether the device is charging. Browsers without the Battery Status API say so.
import { BatteryCharging, BatteryMedium } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useBatteryStatus } from '../hooks/use-battery-status';
import { batteryPercent } from '../lib/format';
import { DetailRow } from './detail-row';

export function BatteryCard() {
  const { data, isPending, isError } = useBatteryStatus();
  const percent = data?.batteryLevel == null ? null : batteryPercent(data.batteryLevel);
  const Icon = data?.isCharging ? BatteryCharging : BatteryMedium;
  return (
    <Card aria-labelledby="battery-title" role="region">
      <CardHeader>
        <Icon className="size-6 text-primary" aria-hidden="true" />
        <CardTitle level={2} id="battery-title" className="mt-2">
          Battery Status
        </CardTitle>
        <CardDescription>Charge level and power source.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Reading battery…
          </p>
        ) : isError || !data || percent === null ? (
          <p className="text-sm text-muted-foreground" role="status">
            This device does not report its battery.
          </p>
        ) : (
          <>
            <div className="mb-4">
              <div className="flex items-baseline justify-between">
                <span className="text-3xl font-semibold tabular-nums" data-testid="battery-level">
                  {percent}%
                </span>
                <span className="text-sm text-muted-foreground">Battery Level</span>
              </div>
              <div
                role="meter"
                aria-label="Battery level"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted"
              >
                <div className={cn('h-full rounded-full', percent <= 20 ? 'bg-destructive' : percent <= 50 ? 'bg-warning' : 'bg-success')} style={{ width: `${percent}%` }} />
              </div>
            </div>
            <dl>
              <DetailRow label="Charging">{data.isCharging == null ? 'Unknown' : data.isCharging ? 'Yes' : 'No'}</DetailRow>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}

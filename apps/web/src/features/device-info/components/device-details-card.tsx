// Device Details: platform, model, manufacturer, OS version, app version (N/A
// when missing) and Real Device, with copy buttons on platform and model.
import { Smartphone } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeviceSummary } from '../hooks/use-device-summary';
import { appVersionText, platformName } from '../lib/format';
import { CopyValueButton } from './copy-value-button';
import { DetailRow } from './detail-row';

export function DeviceDetailsCard() {
  const { data, isPending, isError } = useDeviceSummary();
  return (
    <Card aria-labelledby="device-details-title" role="region">
      <CardHeader>
        <Smartphone className="size-6 text-primary" aria-hidden="true" />
        <CardTitle level={2} id="device-details-title" className="mt-2">
          Device Details
        </CardTitle>
        <CardDescription>What this device reports about itself.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Reading device details…
          </p>
        ) : isError || !data ? (
          <p className="text-sm text-muted-foreground" role="status">
            This device did not report its details.
          </p>
        ) : (
          <dl>
            <DetailRow label="Platform" action={<CopyValueButton value={data.details.platform} label="platform" />}>
              {platformName(data.details.platform)}
            </DetailRow>
            <DetailRow label="Model" action={<CopyValueButton value={data.details.model} label="model" />}>
              {data.details.model}
            </DetailRow>
            <DetailRow label="Manufacturer">{data.details.manufacturer}</DetailRow>
            <DetailRow label="OS Version">{data.details.osVersion || 'Unknown'}</DetailRow>
            <DetailRow label="App Version">{appVersionText(data.app?.version)}</DetailRow>
            <DetailRow label="Real Device">{data.details.isVirtual ? 'No' : 'Yes'}</DetailRow>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

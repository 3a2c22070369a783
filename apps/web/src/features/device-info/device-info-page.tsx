// Device Information screen: Device Details, Battery Status and Location, read
// from the device through src/platform (Capacitor plugins in the app, browser APIs on the web).
import { Smartphone } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { BatteryCard } from './components/battery-card';
import { DeviceDetailsCard } from './components/device-details-card';
import { LocationCard } from './components/location-card';

export function DeviceInfoPage() {
  return (
    <PageContainer>
      <PageHeader title="Device Information" description="This device's details, battery status and current location, as the app reads them from the device." icon={<Smartphone aria-hidden="true" />} />
      <div className="grid gap-6 md:grid-cols-2">
        <DeviceDetailsCard />
        <BatteryCard />
        <LocationCard />
      </div>
    </PageContainer>
  );
}

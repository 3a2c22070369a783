// Location: 'Get Current Location', then latitude and longitude to 6 decimals
// (each with a copy button), accuracy to 1 decimal in metres, altitude when the device has one,
// and 'View on Google Maps' in a new tab; below, the choice of precise location for signed photos.
import { ExternalLink, LocateFixed, MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentLocation } from '../hooks/use-current-location';
import { formatAccuracy, formatAltitude, formatCoordinate, googleMapsUrl } from '../lib/format';
import { CopyValueButton } from './copy-value-button';
import { DetailRow } from './detail-row';
import { PreciseLocationToggle } from './precise-location-toggle';

export function LocationCard() {
  const location = useCurrentLocation();
  const position = location.data;
  return (
    <Card aria-labelledby="location-title" role="region" className="md:col-span-2">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div>
          <MapPin className="size-6 text-primary" aria-hidden="true" />
          <CardTitle level={2} id="location-title" className="mt-2">
            Location
          </CardTitle>
          <CardDescription>Where the device is now, as its location services report it.</CardDescription>
        </div>
        <Button onClick={() => location.mutate()} disabled={location.isPending} className="mt-4 sm:mt-0">
          <LocateFixed aria-hidden="true" />
          {location.isPending ? 'Getting Location...' : 'Get Current Location'}
        </Button>
      </CardHeader>
      <CardContent>
        {position ? (
          <>
            <dl className="grid gap-x-8 sm:grid-cols-2">
              <DetailRow label="Latitude" action={<CopyValueButton value={formatCoordinate(position.latitude)} label="latitude" />}>
                {formatCoordinate(position.latitude)}
              </DetailRow>
              <DetailRow label="Longitude" action={<CopyValueButton value={formatCoordinate(position.longitude)} label="longitude" />}>
                {formatCoordinate(position.longitude)}
              </DetailRow>
              <DetailRow label="Accuracy">{formatAccuracy(position.accuracy)}</DetailRow>
              {position.altitude !== null ? <DetailRow label="Altitude">{formatAltitude(position.altitude)}</DetailRow> : null}
            </dl>
            <Button asChild variant="outline" className="mt-4">
              <a href={googleMapsUrl(position.latitude, position.longitude)} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                View on Google Maps
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="location-hint">
            {location.isError ? `${location.error instanceof Error ? location.error.message : 'Unable to get location'}. ` : null}
            Click "Get Current Location" to retrieve your position
          </p>
        )}
        <div className="mt-6">
          <PreciseLocationToggle />
        </div>
      </CardContent>
    </Card>
  );
}

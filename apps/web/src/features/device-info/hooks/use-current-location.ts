// 'Get Current Location': asks the device for its position, toasts the 4-decimal coordinates on
// success and 'Location Error' with the reason on failure.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { geolocation } from '@/platform/geolocation';
import { locationToastText } from '../lib/format';

export function useCurrentLocation() {
  return useMutation({
    mutationFn: () => geolocation.getCurrentPosition(),
    onSuccess: (position) => toast.success('Location Retrieved', { description: locationToastText(position.latitude, position.longitude) }),
    onError: (error) => toast.error('Location Error', { description: error instanceof Error && error.message ? error.message : 'Unable to get location' }),
  });
}

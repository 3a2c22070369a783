// What a panel shows in place of its list when the list could not be loaded: why, said at once to
// a screen reader (role="alert"), and Try again, which asks the server anew.
import { Button } from './button';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3" role="alert">
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

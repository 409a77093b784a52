import { ADMIN_CONSOLE_MESSAGES } from '@charity/domain';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { cn } from '../../lib/cn';
import { AlertIcon } from '../shared/icons';

export const DASHBOARD_ERROR_TEXT = {
  title: ADMIN_CONSOLE_MESSAGES.dashboardLoadFailed,
  retry: 'Try again',
} as const;

export interface DashboardErrorProps {
  onRetry: () => void;
  /** The retry is running: the button shows a spinner and cannot be pressed twice. */
  retrying?: boolean;
  className?: string;
}

/** The dashboard when GET /api/admin/dashboard failed: 'Failed to load dashboard' and 'Try again'. */
export function DashboardError({ onRetry, retrying = false, className }: DashboardErrorProps) {
  return (
    <EmptyState
      className={cn('cs-console-error-state', className)}
      icon={<AlertIcon />}
      title={DASHBOARD_ERROR_TEXT.title}
      actions={
        <Button onClick={onRetry} loading={retrying}>
          {DASHBOARD_ERROR_TEXT.retry}
        </Button>
      }
    />
  );
}

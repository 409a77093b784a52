import { EVENT_STATUS_LABELS, eventStatusTone, isEventStatus } from '@charity/domain';
import { Badge, type BadgeProps } from '../components/Badge';
import { cn } from '../lib/cn';

/** The label of an event status: 'Upcoming', 'Ongoing', 'Completed', 'Cancelled'; another value as sent, capitalised; none → 'Unknown'. */
export function eventStatusLabel(status: string | null | undefined): string {
  const value = (status ?? '').trim().toLowerCase();
  if (isEventStatus(value)) return EVENT_STATUS_LABELS[value];
  if (value === '') return 'Unknown';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export interface EventStatusBadgeProps extends Omit<BadgeProps, 'tone' | 'children'> {
  status: string | null | undefined;
}

/** An event's status in the spec's colours: upcoming blue, ongoing yellow, completed green, cancelled red, other grey. */
export function EventStatusBadge({ status, className, ...props }: EventStatusBadgeProps) {
  return (
    <Badge tone={eventStatusTone(status)} className={cn('cs-event-status', className)} {...props}>
      {eventStatusLabel(status)}
    </Badge>
  );
}

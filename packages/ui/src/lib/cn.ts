import { clsx, type ClassValue } from 'clsx';

/** The one place classes are merged. Plain CSS with `cs-` prefixes needs no conflict resolution, only joining. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

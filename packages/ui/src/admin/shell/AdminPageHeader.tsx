import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface AdminPageHeaderProps {
  /** The page's one <h1>, e.g. 'Dashboard'. */
  title: string;
  /** A line under the title (what the page is for, or the period shown). */
  description?: ReactNode;
  /** Buttons of the page, e.g. 'Add Campaign' or 'Export CSV'. */
  actions?: ReactNode;
  className?: string;
}

/**
 * The top of every admin console screen (docs/decisions/005-admin-console.md), in the look of the /admin/events
 * header (its cs-admin-header classes): the h1, an optional line of text and the page's action buttons, which wrap
 * under the title on a phone.
 */
export function AdminPageHeader({ title, description, actions, className }: AdminPageHeaderProps) {
  return (
    <div className={cn('cs-admin-header cs-console-page-header', className)}>
      <div className="cs-console-page-header__text">
        <h1 className="cs-admin-header__title">{title}</h1>
        {description ? <div className="cs-console-page-header__description">{description}</div> : null}
      </div>
      {actions ? <div className="cs-admin-header__actions">{actions}</div> : null}
    </div>
  );
}

import { useId } from 'react';
import { cn } from '../lib/cn';
import { ButtonLink } from './Button';
import { HomeIcon } from './icons';

export interface NotFoundProps {
  /** Where 'Go Home' leads. */
  homeHref?: string;
  className?: string;
}

/** The 404 page body: '404', 'Page Not Found', the explanation and a 'Go Home' link. */
export function NotFound({ homeHref = '/', className }: NotFoundProps) {
  const titleId = useId();
  return (
    <section className={cn('cs-not-found', className)} aria-labelledby={titleId}>
      <p className="cs-not-found__code">404</p>
      <h1 id={titleId} className="cs-not-found__title">
        Page Not Found
      </h1>
      <p className="cs-not-found__message">The page you're looking for doesn't exist.</p>
      <ButtonLink href={homeHref} size="lg" icon={<HomeIcon size={18} />}>
        Go Home
      </ButtonLink>
    </section>
  );
}

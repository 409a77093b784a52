import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface ContactLayoutProps {
  /** The h2 of the main column, e.g. 'Send Us a Message'. */
  title: ReactNode;
  /** A sentence under the title. */
  intro?: ReactNode;
  /** The wide column's content: the message form. */
  main: ReactNode;
  /** The narrow column: hours, hotline, social links. Below 768px it follows the main column. */
  aside: ReactNode;
  className?: string;
}

/** Two columns from 768px up (the titled form panel, then the details); one column below, form first. */
export function ContactLayout({ title, intro, main, aside, className }: ContactLayoutProps) {
  const id = useId();
  return (
    <div className={cn('cs-container', 'cs-contact-layout', className)}>
      <section className="cs-contact-layout__main" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="cs-contact-layout__title">
          {title}
        </h2>
        {intro ? <p className="cs-contact-layout__intro">{intro}</p> : null}
        {main}
      </section>
      <div className="cs-contact-layout__aside">{aside}</div>
    </div>
  );
}

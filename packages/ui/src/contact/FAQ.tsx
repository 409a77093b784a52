import type { ReactNode } from 'react';
import { ChevronDownIcon } from '../components/icons';
import { cn } from '../lib/cn';

export interface FAQItem {
  question: string;
  answer: ReactNode;
}

export interface FAQProps {
  items: readonly FAQItem[];
  /** Questions to show open at first, by index. */
  defaultOpen?: readonly number[];
  /** A closing line under the questions, e.g. where to write when the answer is not here. */
  footer?: ReactNode;
  className?: string;
}

/**
 * Questions and answers as native disclosures (<details>/<summary>): keyboard, screen-reader state
 * ("collapsed"/"expanded") and find-in-page work without script, and each question opens on its own.
 */
export function FAQ({ items, defaultOpen = [], footer, className }: FAQProps) {
  return (
    <div className={cn('cs-faq', className)}>
      {items.map((item, index) => (
        <details key={item.question} className="cs-faq__item" open={defaultOpen.includes(index) || undefined}>
          <summary className="cs-faq__question">
            <span>{item.question}</span>
            <ChevronDownIcon size={20} className="cs-faq__chevron" />
          </summary>
          <div className="cs-faq__answer">{typeof item.answer === 'string' ? <p className="cs-faq__text">{item.answer}</p> : item.answer}</div>
        </details>
      ))}
      {footer ? <p className="cs-faq__footer">{footer}</p> : null}
    </div>
  );
}

import { useRef } from 'react';
import { Button } from '../../components/Button';
import { cn } from '../../lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from '../../events/icons';

export const PAGINATION_TEXT = {
  label: 'Pagination',
  previous: 'Previous',
  next: 'Next',
} as const;

/** 'Page 2 of 7'. */
export function pageOfText(page: number, totalPages: number): string {
  return `Page ${page} of ${totalPages}`;
}

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Name of the navigation landmark; give each one on a screen its own ('Donation pages'). */
  label?: string;
  className?: string;
}

/**
 * Previous / Next paging of an admin list with 'Page 2 of 7' between them (announced politely when it changes).
 * Nothing is rendered for a single page.
 */
export function Pagination({ page, totalPages, onPageChange, label, className }: PaginationProps) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  if (!Number.isFinite(totalPages) || totalPages <= 1) return null;
  const total = Math.floor(totalPages);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
  const atStart = current <= 1;
  const atEnd = current >= total;

  // A button that becomes disabled under the keyboard drops focus to the page's start; move it to the other
  // button first, so paging on to the last page leaves the user on 'Previous' rather than nowhere.
  function go(target: number) {
    if (target === 1) nextRef.current?.focus();
    if (target === total) previousRef.current?.focus();
    onPageChange(target);
  }

  return (
    <nav aria-label={label ?? PAGINATION_TEXT.label} className={cn('cs-pagination', className)}>
      <Button
        ref={previousRef}
        variant="outline"
        size="sm"
        icon={<ChevronLeftIcon size={16} />}
        disabled={atStart}
        onClick={() => go(current - 1)}
      >
        {PAGINATION_TEXT.previous}
      </Button>
      <p className="cs-pagination__status" aria-live="polite">
        {pageOfText(current, total)}
      </p>
      <Button ref={nextRef} variant="outline" size="sm" disabled={atEnd} onClick={() => go(current + 1)} className="cs-pagination__next">
        {PAGINATION_TEXT.next}
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}

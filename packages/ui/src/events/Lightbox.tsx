import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { lightboxCounter, nextIndex, previousIndex, swipeDirection, wrapIndex } from '@charity/domain';
import { cn } from '../lib/cn';
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from './icons';

/** A photo as the gallery and the lightbox show it: sources already resolved, alt text required. */
export interface GalleryImage {
  /** Stable identity (the image id or its URL). */
  key: string | number;
  src: string;
  /** Width-described candidates ('a-400.webp 400w, a-800.webp 800w'). */
  srcSet?: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface LightboxProps {
  images: readonly GalleryImage[];
  /** The photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Accessible name of the viewer. */
  label?: string;
  className?: string;
}

// The stage around the photo, as .cs-lightbox__stage in styles/events.css pads it: keep the two in step.
const STAGE_SIDES_NARROW = '2rem';
const STAGE_SIDES_WIDE = '10rem'; // from 768 px
const STAGE_TOP_AND_BOTTOM = '8.5rem';

/** The widest candidate of a width-described srcset ('a-400.webp 400w, a-2048.webp 2048w' → 2048), or null. */
function widestCandidate(srcSet: string | undefined): number | null {
  const widths = [...(srcSet ?? '').matchAll(/\s(\d+)w\s*(?:,|$)/g)].map((match) => Number(match[1]));
  return widths.length > 0 ? Math.max(...widths) : null;
}

/**
 * The `sizes` of a photo in the viewer: the width it is shown at, so the browser fetches the file that fills it
 * sharply, and no larger (issue 19). That is the stage's width, or for a photo proportionally taller than the
 * stage its height times the photo's aspect ratio, and never more than the widest file: a small photo is shown
 * at its own size instead of blurred up to the screen's.
 */
function lightboxSizes(image: Pick<GalleryImage, 'srcSet' | 'width' | 'height'>): string {
  const ratio = image.width && image.height ? Math.round((image.width / image.height) * 10_000) / 10_000 : null;
  const widest = widestCandidate(image.srcSet);
  const shown = (sides: string) => {
    const limits = [`100vw - ${sides}`];
    if (ratio) limits.push(`(100vh - ${STAGE_TOP_AND_BOTTOM}) * ${ratio}`);
    if (widest) limits.push(`${widest}px`);
    return `min(${limits.join(', ')})`;
  };
  return `(min-width: 768px) ${shown(STAGE_SIDES_WIDE)}, ${shown(STAGE_SIDES_NARROW)}`;
}

/**
 * Full-screen photo viewer (spec §2 Events, §4 "Gallery lightbox") on Radix Dialog: focus stays inside and
 * returns to what opened it; Escape, the Close button and a click on the backdrop close it; previous and
 * next wrap, by button, by ArrowLeft/ArrowRight and by a horizontal swipe of more than 50 px on touch.
 */
export function Lightbox({ images, index, onIndexChange, onClose, label = 'Photo viewer', className }: LightboxProps) {
  const total = images.length;
  const open = index !== null && total > 0;
  const current = open ? wrapIndex(index, total) : 0;
  const image = images[current];
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const touchStartX = useRef<number | null>(null);

  const go = (direction: 'next' | 'previous') => {
    if (total < 2) return;
    onIndexChange(direction === 'next' ? nextIndex(current, total) : previousIndex(current, total));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go('next');
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go('previous');
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined) return;
    const direction = swipeDirection(end - start);
    if (direction) go(direction);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="cs-lightbox__overlay" />
        <DialogPrimitive.Content
          className={cn('cs-lightbox', className)}
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          // Opened by app state, not a Radix Trigger: remember the thumbnail that had focus and return there.
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <DialogPrimitive.Title className="cs-visually-hidden">{label}</DialogPrimitive.Title>
          {/* First in the DOM so opening focuses Close; shown top-right. */}
          <DialogPrimitive.Close className="cs-lightbox__button cs-lightbox__close" aria-label="Close">
            <XIcon size={24} />
          </DialogPrimitive.Close>
          {/* The dark area around the photo is the backdrop: a click on it (not on the photo) closes. */}
          <div
            className="cs-lightbox__stage"
            data-testid="lightbox-backdrop"
            onClick={(event) => {
              if (event.target === event.currentTarget) onClose();
            }}
          >
            {image ? (
              <img
                key={image.key}
                className="cs-lightbox__image"
                src={image.src}
                srcSet={image.srcSet}
                sizes={image.srcSet ? lightboxSizes(image) : undefined}
                width={image.width}
                height={image.height}
                alt={image.alt}
                decoding="async"
              />
            ) : null}
          </div>
          <p className="cs-lightbox__counter" aria-live="polite" aria-atomic="true">
            {lightboxCounter(current, total)}
          </p>
          {total > 1 ? (
            <>
              <button
                type="button"
                className="cs-lightbox__button cs-lightbox__nav cs-lightbox__nav--previous"
                aria-label="Previous image"
                onClick={() => go('previous')}
              >
                <ChevronLeftIcon size={28} />
              </button>
              <button
                type="button"
                className="cs-lightbox__button cs-lightbox__nav cs-lightbox__nav--next"
                aria-label="Next image"
                onClick={() => go('next')}
              >
                <ChevronRightIcon size={28} />
              </button>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

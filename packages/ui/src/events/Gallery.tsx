import { useId, useState } from 'react';
import { photoCountLabel } from '@charity/domain';
import { cn } from '../lib/cn';
import { ImageIcon } from './icons';
import { Lightbox, type GalleryImage } from './Lightbox';

export const GALLERY_TEXT = {
  heading: 'Event Gallery',
  empty: 'No images available for this event',
} as const;

export interface GalleryProps {
  images: readonly GalleryImage[];
  heading?: string;
  emptyText?: string;
  headingLevel?: 2 | 3;
  /** The `sizes` of the thumbnails: about half the width on phones, a third on wider screens. */
  sizes?: string;
  className?: string;
}

/**
 * 'Event Gallery': '{n} photos from this event' and a grid of thumbnails (lazy, responsive srcset), each a
 * button that opens the lightbox on it; or 'No images available for this event'. A photo that fails to load
 * is hidden, and left out of the count and the lightbox.
 */
export function Gallery({
  images,
  heading = GALLERY_TEXT.heading,
  emptyText = GALLERY_TEXT.empty,
  headingLevel = 3,
  sizes = '(min-width: 768px) 33vw, 50vw',
  className,
}: GalleryProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const [failed, setFailed] = useState<ReadonlySet<string | number>>(() => new Set());
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const visible = images.filter((image) => !failed.has(image.key));

  const markFailed = (key: string | number) =>
    setFailed((current) => (current.has(key) ? current : new Set(current).add(key)));

  return (
    <section className={cn('cs-gallery', className)} aria-labelledby={headingId}>
      <div className="cs-gallery__header">
        <Heading id={headingId} className="cs-gallery__heading">
          {heading}
        </Heading>
        {visible.length > 0 ? <p className="cs-gallery__count">{photoCountLabel(visible.length)}</p> : null}
      </div>
      {visible.length === 0 ? (
        <div className="cs-gallery__empty">
          <span className="cs-gallery__empty-icon" aria-hidden="true">
            <ImageIcon size={32} />
          </span>
          <p>{emptyText}</p>
        </div>
      ) : (
        <ul className="cs-gallery__grid">
          {visible.map((image, index) => (
            <li key={image.key} className="cs-gallery__cell">
              <button type="button" className="cs-gallery__thumb" onClick={() => setOpenIndex(index)}>
                <img
                  className="cs-gallery__image"
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes={image.srcSet ? sizes : undefined}
                  width={image.width}
                  height={image.height}
                  alt={image.alt}
                  loading="lazy"
                  decoding="async"
                  onError={() => markFailed(image.key)}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Lightbox
        images={visible}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
        label={heading}
      />
    </section>
  );
}

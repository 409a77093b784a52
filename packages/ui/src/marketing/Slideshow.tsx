import {
  SLIDESHOW_DEFAULT_MS,
  SLIDESHOW_RESUME_MS,
  SWIPE_THRESHOLD_PX,
  lightboxCounter,
  nextIndex,
  previousIndex,
  swipeDirection,
} from '@charity/domain';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { cn } from '../lib/cn';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';
import { usePageVisible, usePrefersReducedMotion } from './use-environment';

/** An alternative encoding of the same picture, offered through <picture> (e.g. AVIF before the WebP `srcSet`). */
export interface SlideImageSource {
  type: string;
  srcSet: string;
}

export interface SlideImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  alt: string;
  /** Intrinsic size: reserves the box before the image loads, so nothing shifts. */
  width: number;
  height: number;
  /** Preferred formats, most preferred first; the browser takes the first it supports, else `src`/`srcSet`. */
  sources?: readonly SlideImageSource[];
}

export interface Slide {
  id: string;
  image: SlideImage;
  caption: string;
  /** Shown instead of `caption` below 768px. */
  captionShort?: string;
}

export interface SlideshowProps {
  slides: readonly Slide[];
  /** Accessible name of the carousel, e.g. 'Highlights of our work'. */
  label: string;
  /** Time each slide stays before the next one, in ms. */
  intervalMs?: number;
  /** Starts rotating by itself (never under reduced motion, never with one slide). */
  autoplay?: boolean;
  /** Overrides the system's prefers-reduced-motion setting (true: no autoplay and no transition). */
  reducedMotion?: boolean;
  /**
   * The first image is the page's main picture: loaded eagerly with high fetch priority. Turn off for a
   * slideshow further down the page, whose first image then loads lazily like the rest.
   */
  priority?: boolean;
  className?: string;
}

/** State updater: the set of slides shown so far, plus `target`. */
const withIndex = (target: number) => (seen: ReadonlySet<number>) =>
  seen.has(target) ? seen : new Set(seen).add(target);

/** Keyboard focus (not a mouse click) is what pauses rotation: a click on Next must not stop the show. */
function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

type Fetch = 'first' | 'next' | 'later';

/**
 * One slide's picture. `onReady` fires once the image is loaded and decoded (or has failed: a broken picture must not
 * stop the show), so the slide can be shown whole. `decode()` also covers an image that loaded before hydration, whose
 * load event React never sees.
 */
function SlideMedia({
  image,
  index,
  fetch,
  onReady,
}: {
  image: SlideImage;
  index: number;
  fetch: Fetch;
  onReady: (index: number) => void;
}) {
  const watch = useCallback(
    (element: HTMLImageElement | null) => {
      if (!element) return;
      let live = true;
      const ready = () => {
        if (live) onReady(index);
      };
      element.decode().then(ready, ready);
      return () => {
        live = false;
      };
    },
    [index, onReady],
  );
  const img = (
    <img
      ref={watch}
      className="cs-slideshow__image"
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      // The next slide is fetched now, at low priority, so it never competes with what is on screen.
      loading={fetch === 'later' ? 'lazy' : 'eager'}
      fetchPriority={fetch === 'first' ? 'high' : fetch === 'next' ? 'low' : undefined}
      decoding={fetch === 'first' ? undefined : 'async'}
      draggable={false}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  );
}

/**
 * An image carousel (WAI-ARIA carousel pattern) that rotates by itself every `intervalMs`, with a pause/play
 * toggle that is always present and reachable (WCAG 2.2.2), previous/next buttons, one button per slide,
 * ArrowLeft/ArrowRight while focus is inside, and swipe or drag of more than 50px.
 *
 * Rotation waits while a pointer drags or touches the slide (resuming 1000ms after release), while keyboard
 * focus is inside, and while the tab is hidden. It never starts by itself under prefers-reduced-motion, where
 * slides also change without a fade; the visitor can still press Play. Announcements are polite only while
 * the show is not rotating, so a screen reader is not interrupted every few seconds.
 *
 * Only the current slide's image (and, once that has loaded, the next one's) is requested: the others are
 * fetched as the show reaches them, so they never compete with the first picture. The show never rotates onto a
 * picture that is not loaded and decoded yet: when a slide's time is up before the next picture is, it waits for it,
 * so no blank box appears between slides (below the fold, with nothing fetched, it stays on the first slide until it
 * nears the screen).
 */
export function Slideshow({
  slides,
  label,
  intervalMs = SLIDESHOW_DEFAULT_MS,
  autoplay = true,
  reducedMotion,
  priority = true,
  className,
}: SlideshowProps) {
  const count = slides.length;
  const rotates = count > 1;
  const slidesId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  const systemReducedMotion = usePrefersReducedMotion();
  const reduced = reducedMotion ?? systemReducedMotion;
  const pageVisible = usePageVisible();

  const [index, setIndex] = useState(0);
  // null until the visitor presses the toggle; until then the autoplay setting and reduced motion decide.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [dragging, setDragging] = useState(false);
  // Non-zero while waiting to resume after a drag or touch; each release bumps it and restarts the wait.
  const [resumeWait, setResumeWait] = useState(0);
  const [focusPaused, setFocusPaused] = useState(false);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  // Slides whose image has loaded and been decoded: the show only rotates onto one of these.
  const [ready, setReady] = useState<ReadonlySet<number>>(() => new Set());
  const markReady = useCallback((i: number) => setReady(withIndex(i)), []);
  // The slide's time is up, but the next picture is not ready yet: the show moves on the moment it is.
  const [due, setDue] = useState(false);

  // Fewer slides than before (new props): stay in range.
  const current = index < count ? index : 0;
  const playing = rotates && (userPlaying ?? (autoplay && !reduced));
  const running = playing && !dragging && resumeWait === 0 && !focusPaused && pageVisible;
  const following = nextIndex(current, count);

  function goTo(target: number) {
    setIndex(target);
    setVisited(withIndex(target));
    setDue(false);
  }
  // Moving on as soon as the awaited picture is ready, during render (React's pattern for state that follows state).
  if (due && running && ready.has(following)) goTo(following);
  const goNext = () => goTo(nextIndex(current, count));
  const goPrevious = () => goTo(previousIndex(current, count));

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setDue(true), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, current, intervalMs]);

  useEffect(() => {
    if (resumeWait === 0) return;
    const timer = window.setTimeout(() => setResumeWait(0), SLIDESHOW_RESUME_MS);
    return () => window.clearTimeout(timer);
  }, [resumeWait]);

  function togglePlaying() {
    if (playing) {
      setUserPlaying(false);
    } else {
      setUserPlaying(true);
      // An explicit Play wins over the pause that keyboard focus inside the carousel put on it.
      setFocusPaused(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!rotates || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      goNext();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goPrevious();
    }
  }

  function onFocus(event: FocusEvent<HTMLElement>) {
    const from = event.relatedTarget as Node | null;
    const entering = !from || !rootRef.current?.contains(from);
    if (entering && isFocusVisible(event.target)) setFocusPaused(true);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    const to = event.relatedTarget as Node | null;
    if (!to || !rootRef.current?.contains(to)) setFocusPaused(false);
  }

  function setDragOffset(px: number) {
    trackRef.current?.style.setProperty('--cs-slideshow-drag', `${px}px`);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!rotates || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    setDragging(true);
    try {
      // Keep receiving moves and the release even when the pointer leaves the slide.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic or already-released pointers cannot be captured; the gesture still works without it.
    }
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setDragOffset(event.clientX - start.x);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragOffset(0);
    setDragging(false);
    setResumeWait((n) => n + 1);
    if (cancelled) return;
    const dx = event.clientX - start.x;
    // A mostly vertical gesture is a scroll attempt, not a swipe.
    if (Math.abs(event.clientY - start.y) > Math.abs(dx)) return;
    const direction = swipeDirection(dx, SWIPE_THRESHOLD_PX);
    if (direction === 'next') goNext();
    else if (direction === 'previous') goPrevious();
  }

  // The next slide's image is fetched once the current one is ready, so it is ready in turn when its time comes.
  const upcoming = rotates && ready.has(current) ? following : -1;

  return (
    <section
      ref={rootRef}
      className={cn('cs-slideshow', className)}
      aria-roledescription="carousel"
      aria-label={label}
      data-reduced-motion={reduced ? 'true' : undefined}
      data-playing={playing ? 'true' : 'false'}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        ref={trackRef}
        id={slidesId}
        className="cs-slideshow__slides"
        aria-live={running ? 'off' : 'polite'}
        data-dragging={dragging ? 'true' : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
      >
        {slides.map((slide, i) => {
          const isCurrent = i === current;
          const mounted = isCurrent || i === upcoming || visited.has(i);
          return (
            <div
              key={slide.id}
              className="cs-slideshow__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={lightboxCounter(i, count)}
              aria-hidden={isCurrent ? undefined : true}
              inert={!isCurrent}
              data-current={isCurrent ? 'true' : 'false'}
            >
              <div
                className="cs-slideshow__media"
                style={{ aspectRatio: `${slide.image.width} / ${slide.image.height}` }}
              >
                {mounted ? (
                  <SlideMedia
                    image={slide.image}
                    index={i}
                    fetch={priority && i === 0 ? 'first' : i === upcoming ? 'next' : 'later'}
                    onReady={markReady}
                  />
                ) : null}
              </div>
              <p className="cs-slideshow__caption">
                <span className={cn('cs-slideshow__caption-full', slide.captionShort && 'cs-slideshow__caption-full--has-short')}>
                  {slide.caption}
                </span>
                {slide.captionShort ? <span className="cs-slideshow__caption-short">{slide.captionShort}</span> : null}
              </p>
            </div>
          );
        })}
      </div>

      {rotates ? (
        <div className="cs-slideshow__controls">
          <button
            type="button"
            className="cs-slideshow__button cs-slideshow__toggle"
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            aria-controls={slidesId}
            onClick={togglePlaying}
          >
            {playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
          </button>
          <button
            type="button"
            className="cs-slideshow__button"
            aria-label="Previous slide"
            aria-controls={slidesId}
            onClick={goPrevious}
          >
            <ChevronLeftIcon />
          </button>
          <div className="cs-slideshow__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="cs-slideshow__dot"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                aria-controls={slidesId}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="cs-slideshow__button"
            aria-label="Next slide"
            aria-controls={slidesId}
            onClick={goNext}
          >
            <ChevronRightIcon />
          </button>
        </div>
      ) : null}
    </section>
  );
}

import { useId, useState, type ChangeEvent } from 'react';
import { ADMIN_EVENTS_FILTER_TEXT, eventImageKey, eventImageSources, eventPhotoAlt, formatEventDate, isPastDatedUpcoming, organisationDay, type EventRecord } from '@charity/domain';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { EventStatusBadge } from '../../events/EventStatusBadge';
import { CalendarIcon, ImageIcon, PencilIcon, PinIcon, SparkIcon, TrashIcon, UploadIcon } from '../../events/icons';

export const ADMIN_EVENTS_TEXT = {
  loading: 'Loading events...',
  emptyTitle: 'No events found',
  emptyDescription: 'Create your first event to get started',
  fetchFailed: 'Failed to fetch events',
  retry: 'Try Again',
  noImages: 'No images uploaded yet',
  upload: 'Upload Images',
  uploading: 'Uploading...',
  uploadHint: 'JPEG, PNG or WebP; several at once',
  imageUnavailable: 'Image unavailable',
  edit: 'Edit',
  delete: 'Delete',
} as const;

/** 'Event Images (3)'. */
export function eventImagesHeading(count: number): string {
  return `Event Images (${count})`;
}

/** What the upload control accepts; the server checks the bytes again. */
export const EVENT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export type AdminEventListStatus = 'loading' | 'ready' | 'error';

export interface AdminEventListProps {
  events: readonly EventRecord[];
  status: AdminEventListStatus;
  /** Events whose upload is running: their upload control is disabled and reads 'Uploading...'. */
  uploadingIds?: readonly (number | string)[];
  /** Per event id, why its last upload failed (the server names the file and the reason). */
  uploadErrors?: Readonly<Record<string, string>>;
  /** Base address for server-relative image paths ('' when the site serves /uploads itself). */
  imageBaseUrl?: string;
  onEdit: (event: EventRecord) => void;
  onDelete: (event: EventRecord) => void;
  onUpload: (event: EventRecord, files: File[]) => void;
  /** The image's id, or its list index when it has none (spec §7). */
  onDeleteImage: (event: EventRecord, imageKey: number | string) => void;
  /** Shown as 'Try Again' after a failed load. */
  onRetry?: () => void;
  /** Today in the organisation's calendar ('YYYY-MM-DD'): an 'Upcoming' event dated before it is flagged. */
  today?: string;
  className?: string;
}

/**
 * The admin's list of every event (spec §2 "Admin events"): title, status, description, date, location,
 * impact, Edit and Delete, and per event 'Event Images (n)' with a multi-file upload and a delete button per
 * image. Loading, empty and failed states.
 */
export function AdminEventList({
  events,
  status,
  uploadingIds = [],
  uploadErrors = {},
  imageBaseUrl = '',
  onEdit,
  onDelete,
  onUpload,
  onDeleteImage,
  onRetry,
  today = organisationDay(new Date()),
  className,
}: AdminEventListProps) {
  if (status === 'loading') {
    return (
      <div className={cn('cs-admin-events__state', className)}>
        <Spinner label={ADMIN_EVENTS_TEXT.loading} size="lg" />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        className={className}
        icon={<ImageIcon />}
        title={ADMIN_EVENTS_TEXT.fetchFailed}
        actions={onRetry ? <Button onClick={onRetry}>{ADMIN_EVENTS_TEXT.retry}</Button> : undefined}
      />
    );
  }
  if (events.length === 0) {
    return (
      <EmptyState
        className={className}
        icon={<CalendarIcon />}
        title={ADMIN_EVENTS_TEXT.emptyTitle}
        description={ADMIN_EVENTS_TEXT.emptyDescription}
      />
    );
  }
  return (
    <ul className={cn('cs-admin-events', className)}>
      {events.map((event) => (
        <li key={event.id}>
          <AdminEventCard
            event={event}
            uploading={uploadingIds.includes(event.id)}
            uploadError={uploadErrors[String(event.id)]}
            imageBaseUrl={imageBaseUrl}
            datePassed={isPastDatedUpcoming(event, today)}
            onEdit={onEdit}
            onDelete={onDelete}
            onUpload={onUpload}
            onDeleteImage={onDeleteImage}
          />
        </li>
      ))}
    </ul>
  );
}

interface AdminEventCardProps extends Pick<AdminEventListProps, 'onEdit' | 'onDelete' | 'onUpload' | 'onDeleteImage'> {
  event: EventRecord;
  uploading: boolean;
  uploadError: string | undefined;
  imageBaseUrl: string;
  /** Still 'Upcoming' though its date has passed. */
  datePassed: boolean;
}

function AdminEventCard({ event, uploading, uploadError, imageBaseUrl, datePassed, onEdit, onDelete, onUpload, onDeleteImage }: AdminEventCardProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const imagesId = `${id}-images`;
  const inputId = `${id}-upload`;
  const hintId = `${id}-upload-hint`;
  const [failed, setFailed] = useState<ReadonlySet<number | string>>(() => new Set());
  const date = formatEventDate(event.date);
  const total = event.images.length;

  function handleFiles(change: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(change.target.files ?? []);
    // Cleared so choosing the same files again (after a failure) fires another change.
    change.target.value = '';
    if (files.length > 0) onUpload(event, files);
  }

  return (
    <article className="cs-admin-event" aria-labelledby={titleId}>
      <div className="cs-admin-event__header">
        <div className="cs-admin-event__heading">
          <h2 id={titleId} className="cs-admin-event__title">
            {event.title}
          </h2>
          <EventStatusBadge status={event.status} />
          {datePassed ? <span className="cs-admin-events__date-passed">{ADMIN_EVENTS_FILTER_TEXT.datePassed}</span> : null}
        </div>
        <div className="cs-admin-event__actions">
          <Button variant="outline" size="sm" icon={<PencilIcon size={16} />} onClick={() => onEdit(event)}>
            {ADMIN_EVENTS_TEXT.edit}
            <span className="cs-visually-hidden"> {event.title}</span>
          </Button>
          <Button variant="danger" size="sm" icon={<TrashIcon size={16} />} onClick={() => onDelete(event)}>
            {ADMIN_EVENTS_TEXT.delete}
            <span className="cs-visually-hidden"> {event.title}</span>
          </Button>
        </div>
      </div>
      {event.description ? <p className="cs-admin-event__description">{event.description}</p> : null}
      {date || event.location || event.impact ? (
        <dl className="cs-admin-event__facts">
          {date ? (
            <div>
              <dt>
                <CalendarIcon size={16} /> Date
              </dt>
              <dd>{date}</dd>
            </div>
          ) : null}
          {event.location ? (
            <div>
              <dt>
                <PinIcon size={16} /> Location
              </dt>
              <dd>{event.location}</dd>
            </div>
          ) : null}
          {event.impact ? (
            <div>
              <dt>
                <SparkIcon size={16} /> Impact
              </dt>
              <dd>{event.impact}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {/* A plain group, not a region: every event has one, and landmarks must have unique names. */}
      <div className="cs-admin-images">
        <div className="cs-admin-images__header">
          <h3 id={imagesId} className="cs-admin-images__title">
            {eventImagesHeading(total)}
          </h3>
          <div className="cs-upload">
            {/* The native input stays focusable (visually hidden); its label is the visible button. */}
            <input
              id={inputId}
              className="cs-upload__input"
              type="file"
              multiple
              accept={EVENT_IMAGE_ACCEPT}
              disabled={uploading}
              aria-describedby={hintId}
              onChange={handleFiles}
            />
            <label htmlFor={inputId} className={cn('cs-upload__label', uploading && 'cs-upload__label--busy')}>
              {uploading ? <span className="cs-button__spinner" aria-hidden="true" /> : <UploadIcon size={18} />}
              {uploading ? ADMIN_EVENTS_TEXT.uploading : ADMIN_EVENTS_TEXT.upload}
              <span className="cs-visually-hidden"> for {event.title}</span>
            </label>
            <span id={hintId} className="cs-upload__hint">
              {ADMIN_EVENTS_TEXT.uploadHint}
            </span>
          </div>
        </div>
        {uploadError ? (
          <p role="alert" className="cs-admin-alert">
            {uploadError}
          </p>
        ) : null}
        {total === 0 ? (
          <p className="cs-admin-images__empty">{ADMIN_EVENTS_TEXT.noImages}</p>
        ) : (
          <ul className="cs-admin-images__grid">
            {event.images.map((image, index) => {
              const key = eventImageKey(image, index);
              const sources = eventImageSources(image, imageBaseUrl);
              const alt = eventPhotoAlt(event.title, index + 1, total);
              const broken = failed.has(key) || !sources;
              return (
                <li key={key} className="cs-admin-images__item">
                  {broken ? (
                    // The admin still sees (and can delete) a photo whose file is missing.
                    <div className="cs-admin-images__broken" role="img" aria-label={`${alt}: ${ADMIN_EVENTS_TEXT.imageUnavailable}`}>
                      <ImageIcon size={24} />
                      <span aria-hidden="true">{ADMIN_EVENTS_TEXT.imageUnavailable}</span>
                    </div>
                  ) : (
                    <img
                      className="cs-admin-images__image"
                      src={sources.src}
                      srcSet={sources.srcSet}
                      sizes={sources.srcSet ? '(min-width: 768px) 12rem, 45vw' : undefined}
                      width={sources.width}
                      height={sources.height}
                      alt={alt}
                      loading="lazy"
                      decoding="async"
                      onError={() => setFailed((current) => new Set(current).add(key))}
                    />
                  )}
                  <button
                    type="button"
                    className="cs-admin-images__delete"
                    aria-label={`Delete image ${index + 1} of ${total} from ${event.title}`}
                    onClick={() => onDeleteImage(event, key)}
                  >
                    <TrashIcon size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </article>
  );
}

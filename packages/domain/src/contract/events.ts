import { Type, type Static } from 'typebox';
import { FEATURED_EVENTS_DEFAULT_LIMIT } from '../constants';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import { EVENT_STATUSES } from '../validation/event';
import { Id, IdParams, Nullable, Ok, StringEnum, WholeNumber } from './common';

// Events and their photo galleries on the wire (spec sections 2, 3, 4, 7 "Events").

/** One stored photo: the default size in file_path, every size (narrowest first) in variants. */
export const EventImageReply = Type.Object({
  id: Type.Integer(),
  file_path: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  variants: Type.Array(Type.Object({ width: Type.Integer(), url: Type.String() })),
});
export type EventImageReply = Static<typeof EventImageReply>;

export const EventReply = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** YYYY-MM-DD */
  date: Nullable(Type.String()),
  location: Nullable(Type.String()),
  impact: Nullable(Type.String()),
  status: StringEnum(EVENT_STATUSES),
  images: Type.Array(EventImageReply),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type EventReply = Static<typeof EventReply>;

export const EventListQuery = Type.Object({
  status: Type.Optional(Type.String({ description: `One of ${EVENT_STATUSES.join(', ')} or all (any case).` })),
});
export const FeaturedEventsQuery = Type.Object({ limit: WholeNumber({ minimum: 1 }, FEATURED_EVENTS_DEFAULT_LIMIT) });
export type FeaturedEventsQuery = Static<typeof FeaturedEventsQuery>;

export const EventListReply = Ok(Type.Object({ events: Type.Array(EventReply) }));
export type EventListReply = Static<typeof EventListReply>;
export const OneEventReply = Ok(Type.Object({ event: EventReply }));
export type OneEventReply = Static<typeof OneEventReply>;
export const EventImagesReply = Ok(Type.Object({ images: Type.Array(EventImageReply) }));
export type EventImagesReply = Static<typeof EventImagesReply>;

export const EventParams = IdParams;
export const EventImageParams = Type.Object({ id: Id, imageId: Id });
export type EventImageParams = Static<typeof EventImageParams>;

const LIMITS = FIELD_MAX_LENGTHS.event;

/** The admin's event form (POST /events, PUT /events/{id}): checked field by field by the API's form rules. */
export const EventFormFields = Type.Object({
  title: Type.String({ maxLength: LIMITS.title }),
  description: Type.String({ maxLength: LIMITS.description }),
  date: Type.Optional(Nullable(Type.String({ description: 'YYYY-MM-DD' }))),
  location: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.location }))),
  impact: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.impact }))),
  status: Type.Optional(Nullable(StringEnum(EVENT_STATUSES))),
});
export type EventFormFields = Static<typeof EventFormFields>;

/** POST /events/{id}/images: multipart/form-data with one or more files in the field `images`. */
export const EventImagesUpload = Type.Object({
  images: Type.Array(Type.String({ format: 'binary' }), { description: 'JPEG, PNG or WebP pictures' }),
});

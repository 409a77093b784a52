import { EVENT_MESSAGES, EVENT_STATUSES, isEventStatus } from '@charity/domain';
import {
  errorReplies,
  EventFormFields,
  EventImageParams,
  EventImagesReply,
  EventImagesUpload,
  EventListQuery,
  EventListReply,
  EventParams,
  FeaturedEventsQuery,
  FormBody,
  OneEventReply,
  SuccessReply,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { validateEventBody, EVENT_FORM_MESSAGES } from '../events/form.js';
import { eventImageJson, eventJson, type EventImageRow } from '../events/json.js';
import {
  deleteEvent,
  deleteEventImage,
  eventExists,
  findEvent,
  imageFiles,
  insertEvent,
  insertEventImages,
  listEvents,
  updateEvent,
  type EventFilter,
  type EventWithImages,
} from '../events/repository.js';
import { formError, HttpError } from '../http-errors.js';
import {
  displayName,
  multipartFailure,
  processImageVariants,
  readFilePart,
  storeImageVariants,
  type ImageVariants,
  type StoredImageGroup,
} from '../storage/images.js';
import { isForeignKeyViolation, pageSize } from './shared.js';

// Events and their photo galleries (spec sections 2 "Events" and "Admin events", 3, 4, 7 "Events", 8).
// Reading is public; creating, editing, deleting and managing images go through app.requireAdmin.

export const EVENT_ROUTE_MESSAGES = {
  statusFilterInvalid: `status must be one of: ${EVENT_STATUSES.join(', ')}, all.`,
  imageNotFound: 'Image not found',
  notMultipart: 'Send the images as multipart/form-data, in the field "images".',
  wrongFileField: 'Send the images in the field "images".',
  noImages: 'Choose at least one image to upload (field "images").',
} as const;

/** Featured events: completed events that have photos, newest first (spec section 9: default 6). */
export const FEATURED_EVENTS_MAX = 50;

const eventResponse = OneEventReply;
const listResponse = { 200: EventListReply, ...errorReplies() };
const okResponse = { 200: SuccessReply, ...errorReplies(401, 403, 404) };
const adminWrite = errorReplies(401, 403, 404);
const eventBody = FormBody(EventFormFields, EVENT_FORM_MESSAGES.notAnObject);

function notFound(): HttpError {
  return new HttpError(404, EVENT_MESSAGES.notFound);
}

function listJson(items: EventWithImages[]) {
  return { success: true, data: { events: items.map(({ event, images }) => eventJson(event, images)) } };
}

export async function eventRoutes(app: FastifyInstance) {
  // ---- Public: answered from the response cache (src/plugins/response-cache.ts); every admin write below drops it ----

  const cached = { responseCache: { tags: ['events'] } } as const;

  app.get<{ Querystring: { status?: string } }>(
    '/events',
    { schema: { summary: 'Events, newest first', querystring: EventListQuery, response: listResponse }, config: cached },
    async (request) => {
      const raw = (request.query.status ?? '').trim().toLowerCase();
      const filter: EventFilter = { order: 'newest' };
      if (raw !== '' && raw !== 'all') {
        if (!isEventStatus(raw)) throw new HttpError(400, EVENT_ROUTE_MESSAGES.statusFilterInvalid);
        filter.status = raw;
      }
      return listJson(await listEvents(app.db, filter));
    },
  );

  app.get<{ Querystring: { limit: number } }>(
    '/events/featured',
    {
      schema: {
        summary: 'Completed events that have photos, newest first',
        querystring: FeaturedEventsQuery,
        response: listResponse,
      },
      config: cached,
    },
    async (request) =>
      listJson(await listEvents(app.db, { status: 'completed', withImages: true, order: 'newest', limit: pageSize(request.query.limit) })),
  );

  app.get('/events/upcoming', { schema: { response: listResponse }, config: cached }, async () =>
    listJson(await listEvents(app.db, { status: 'upcoming', order: 'soonest' })),
  );

  app.get('/events/completed', { schema: { response: listResponse }, config: cached }, async () =>
    listJson(await listEvents(app.db, { status: 'completed', order: 'newest' })),
  );

  app.get<{ Params: { id: number } }>(
    '/events/:id',
    { schema: { params: EventParams, response: { 200: eventResponse, ...errorReplies(404) } }, config: cached },
    async (request) => {
      const found = await findEvent(app.db, request.params.id);
      if (!found) throw notFound();
      return { success: true, data: { event: eventJson(found.event, found.images) } };
    },
  );

  // ---- Admin: events ----

  /** A JSON object: Fastify refused anything else with EVENT_FORM_MESSAGES.notAnObject (eventBody). */
  function readEventBody(body: unknown) {
    const { values, errors } = validateEventBody(body as Record<string, unknown>);
    if (!values) throw formError(errors);
    return values;
  }

  const eventCreate = { onRequest: app.requireAdmin, schema: { body: eventBody, response: { 201: eventResponse, ...adminWrite } } };
  app.post('/events', eventCreate, async (request, reply) => {
    const row = await insertEvent(app.db, readEventBody(request.body));
    app.responseCache.invalidate('events');
    return reply.code(201).send({ success: true, data: { event: eventJson(row, []) } });
  });

  app.put<{ Params: { id: number } }>(
    '/events/:id',
    { onRequest: app.requireAdmin, schema: { params: EventParams, body: eventBody, response: { 200: eventResponse, ...adminWrite } } },
    async (request) => {
      const values = readEventBody(request.body);
      const row = await updateEvent(app.db, request.params.id, values);
      if (!row) throw notFound();
      app.responseCache.invalidate('events');
      const found = await findEvent(app.db, row.id);
      return { success: true, data: { event: eventJson(row, found?.images ?? []) } };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/events/:id',
    { onRequest: app.requireAdmin, schema: { params: EventParams, response: okResponse } },
    async (request) => {
      const images = await deleteEvent(app.db, request.params.id);
      if (!images) throw notFound();
      app.responseCache.invalidate('events');
      // Files go only after the rows are committed: a failed delete never leaves rows pointing at nothing.
      await removeImageFiles(images);
      return { success: true };
    },
  );

  // ---- Admin: images ----

  app.post<{ Params: { id: number } }>(
    '/events/:id/images',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Add photos to an event',
        params: EventParams,
        consumes: ['multipart/form-data'],
        'x-body': EventImagesUpload,
        response: { 201: EventImagesReply, ...errorReplies(401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, EVENT_ROUTE_MESSAGES.notMultipart);
      const eventId = request.params.id;
      if (!(await eventExists(app.db, eventId))) throw notFound();

      // Every file is checked and re-encoded in memory first (one original at a time); only when the whole
      // batch is good is anything written. One bad file keeps nothing of the batch: no rows, no files.
      const processed: ImageVariants[] = [];
      try {
        for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'images' && part.fieldname !== 'images[]') {
          throw new HttpError(400, EVENT_ROUTE_MESSAGES.wrongFileField);
        }
        const data = await readFilePart(part, app.config.uploadMaxMb);
        // A file input left empty sends a part without a name and no bytes: nothing was chosen.
        if (data.length === 0 && !part.filename) continue;
        processed.push(await processImageVariants(data, displayName(part.filename)));
        }
      } catch (error) {
        // A cut-off or malformed multipart body is the client's fault: 400 with a sentence, not a 500.
        throw multipartFailure(error);
      }
      if (processed.length === 0) throw new HttpError(400, EVENT_ROUTE_MESSAGES.noImages);

      const stored: StoredImageGroup[] = [];
      let rows: EventImageRow[];
      try {
        for (const image of processed) stored.push(await storeImageVariants(app.storage, 'events', image));
        rows = await insertEventImages(app.db, eventId, stored);
        app.responseCache.invalidate('events');
      } catch (error) {
        await removeFiles(stored.flatMap((group) => group.variants.map((v) => v.url)));
        // The event was deleted while its photos were being processed.
        if (isForeignKeyViolation(error)) throw notFound();
        throw error;
      }
      return reply.code(201).send({ success: true, data: { images: rows.map(eventImageJson) } });
    },
  );

  app.delete<{ Params: { id: number; imageId: number } }>(
    '/events/:id/images/:imageId',
    { onRequest: app.requireAdmin, schema: { params: EventImageParams, response: okResponse } },
    async (request) => {
      const { id, imageId } = request.params;
      const image = await deleteEventImage(app.db, id, imageId);
      if (image) app.responseCache.invalidate('events');
      if (!image) {
        if (!(await eventExists(app.db, id))) throw notFound();
        throw new HttpError(404, EVENT_ROUTE_MESSAGES.imageNotFound);
      }
      await removeImageFiles([image]);
      return { success: true };
    },
  );

  async function removeImageFiles(images: readonly EventImageRow[]) {
    await removeFiles(images.flatMap(imageFiles));
  }

  /** Best effort: a file that cannot be removed is logged, and never turns a finished change into an error. */
  async function removeFiles(urls: readonly string[]) {
    for (const url of urls) {
      try {
        await app.storage.remove(url);
      } catch (error) {
        app.log.warn({ err: error, url }, 'could not remove an uploaded file');
      }
    }
  }
}

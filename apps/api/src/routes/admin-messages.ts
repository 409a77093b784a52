import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_MESSAGES_PAGE_SIZE,
  ADMIN_SEARCH_MAX_LENGTH,
  CONTACT_MESSAGE_STATUSES,
  MESSAGE_FILTERS,
  type ContactMessageStatus,
  type MessageFilter,
} from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, adminPaging, noStore } from '../admin/admin-routes.js';
import { adminMessageJson, adminMessageSchema, countMessages, findMessage, listMessages, setMessageStatus } from '../admin/messages-repository.js';
import { HttpError } from '../http-errors.js';
import { cleanText, idParams, pageMeta, pageMetaSchema } from './shared.js';

// The contact form's messages in the admin console (issue 6): the inbox by tab, one message, and marking it
// read, unread or archived.

export const MESSAGE_NOT_FOUND = 'Message not found';

const countsSchema = {
  type: 'object',
  properties: { unread: { type: 'integer' }, read: { type: 'integer' }, archived: { type: 'integer' } },
} as const;

const oneMessageResponse = {
  200: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      data: { type: 'object', properties: { message: adminMessageSchema } },
    },
  },
} as const;

export async function adminMessageRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: { status: MessageFilter; page: number; limit: number; q?: string } }>(
    '/admin/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...adminPaging(ADMIN_MESSAGES_PAGE_SIZE),
            status: { type: 'string', enum: MESSAGE_FILTERS, default: 'all' },
            q: { type: 'string', maxLength: ADMIN_SEARCH_MAX_LENGTH },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { messages: { type: 'array', items: adminMessageSchema }, counts: countsSchema } },
              meta: pageMetaSchema,
            },
          },
        },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const limit = adminPageSize(request.query.limit);
      const q = cleanText(request.query.q ?? '', { singleLine: true });
      const [{ items, total }, counts] = await Promise.all([listMessages(app.db, { filter: status, q, page, limit }), countMessages(app.db)]);
      return { success: true, data: { messages: items.map(adminMessageJson), counts }, meta: pageMeta(total, page, limit) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/admin/messages/:id',
    { onRequest: app.requireAdmin, schema: { params: idParams, response: oneMessageResponse } },
    async (request) => {
      // Reading does not mark a message read: the console does that with PATCH, so GET stays free of effects.
      const row = await findMessage(app.db, request.params.id);
      if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND);
      return { success: true, data: { message: adminMessageJson(row) } };
    },
  );

  app.patch<{ Params: { id: number }; Body: { status: ContactMessageStatus } }>(
    '/admin/messages/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: { status: { type: 'string', enum: CONTACT_MESSAGE_STATUSES } },
        },
        response: oneMessageResponse,
      },
    },
    async (request) => {
      const row = await setMessageStatus(app.db, request.params.id, request.body.status);
      if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND);
      request.log.info({ messageId: row.id, status: row.status, admin: request.auth?.user.id }, 'contact message updated');
      return { success: true, message: ADMIN_CONSOLE_MESSAGES.messageUpdated, data: { message: adminMessageJson(row) } };
    },
  );
}

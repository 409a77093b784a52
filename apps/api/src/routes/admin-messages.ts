import { ADMIN_CONSOLE_MESSAGES } from '@charity/domain';
import {
  AdminMessageListQuery,
  AdminMessageListReply,
  errorReplies,
  IdParams,
  MessageStatusBody,
  OneAdminMessageReply,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, noStore } from '../admin/admin-routes.js';
import { adminMessageJson, countMessages, findMessage, listMessages, setMessageStatus } from '../admin/messages-repository.js';
import { HttpError } from '../http-errors.js';
import { cleanText, pageMeta } from './shared.js';

// The contact form's messages in the admin console (docs/decisions/005-admin-console.md): the inbox by tab, one
// message, and marking it read, unread or archived.

export const MESSAGE_NOT_FOUND = 'Message not found';

const oneMessageResponse = { 200: OneAdminMessageReply, ...errorReplies(401, 403, 404) };

export async function adminMessageRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: AdminMessageListQuery }>(
    '/admin/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The inbox by tab, with the count of each',
        querystring: AdminMessageListQuery,
        response: { 200: AdminMessageListReply, ...errorReplies(401, 403) },
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
    { onRequest: app.requireAdmin, schema: { params: IdParams, response: oneMessageResponse } },
    async (request) => {
      // Reading does not mark a message read: the console does that with PATCH, so GET stays free of effects.
      const row = await findMessage(app.db, request.params.id);
      if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND);
      return { success: true, data: { message: adminMessageJson(row) } };
    },
  );

  app.patch<{ Params: IdParams; Body: MessageStatusBody }>(
    '/admin/messages/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Mark a message read, unread or archived',
        params: IdParams,
        body: MessageStatusBody,
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

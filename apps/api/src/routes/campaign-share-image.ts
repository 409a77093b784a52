import { CAMPAIGN_MESSAGES } from '@charity/domain';
import { CampaignParams, errorReplies } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { findCampaign, type CampaignRow } from '../campaigns/repository.js';
import {
  LruCache,
  matchesEtag,
  readStoredPicture,
  renderShareImage,
  SHARE_IMAGE_CONTENT_TYPE,
  SHARE_IMAGE_SIZE,
  type RenderedShareImage,
} from '../campaigns/share-image.js';
import { HttpError } from '../http-errors.js';

// GET /api/campaigns/{id}/share-image.jpg: the picture link previews show for a campaign page (og:image,
// twitter:image; issue 19). Public, like GET /api/campaigns/{id}: drafts and unknown ids are 404 in its words.

/** The share image's address for a campaign, under the API prefix. */
export function campaignShareImagePath(id: number): string {
  return `/api/campaigns/${id}/share-image.jpg`;
}

export { SHARE_IMAGE_CONTENT_TYPE, SHARE_IMAGE_SIZE };

/** Rendered images kept in memory: a campaign is usually shared many times between two changes. */
export const SHARE_IMAGE_CACHE_ENTRIES = 50;
export const SHARE_IMAGE_CACHE_CONTROL = 'public, max-age=3600';

const ShareImageReply = {
  description: `The campaign's share image, ${SHARE_IMAGE_SIZE.width}×${SHARE_IMAGE_SIZE.height} JPEG`,
  content: { [SHARE_IMAGE_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
} as const;

export const campaignShareImageSchema = {
  summary: "A campaign's share image (Open Graph and Twitter card): its picture, title and progress, 1200×630",
  params: CampaignParams,
  response: {
    200: ShareImageReply,
    304: { description: 'Not modified: If-None-Match names the current image', type: 'null' },
    ...errorReplies(404),
  },
} as const;

/** Everything the image is drawn from: any change makes a new image (and a new ETag). */
function cacheKey(campaign: CampaignRow): string {
  return JSON.stringify([
    campaign.id,
    campaign.updatedAt.getTime(),
    campaign.raisedAmount,
    campaign.targetAmount,
    campaign.currency,
    campaign.imageUrl,
    campaign.title,
  ]);
}

export async function campaignShareImageRoutes(app: FastifyInstance) {
  // Per app: each holds renders under way as well, so concurrent crawlers of one campaign share one render.
  const cache = new LruCache<Promise<RenderedShareImage>>(SHARE_IMAGE_CACHE_ENTRIES);

  async function render(campaign: CampaignRow): Promise<RenderedShareImage> {
    const picture = await readStoredPicture(app.storage, campaign.imageUrl);
    const started = performance.now();
    const image = await renderShareImage({
      title: campaign.title,
      raised: campaign.raisedAmount,
      target: campaign.targetAmount,
      currency: campaign.currency,
      picture,
    });
    const ms = Math.round(performance.now() - started);
    if (image.pictureFailed) app.log.warn({ campaignId: campaign.id, imageUrl: campaign.imageUrl }, 'share image: picture unreadable, brand background used');
    app.log.debug({ campaignId: campaign.id, ms, bytes: image.body.length }, 'share image rendered');
    return image;
  }

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id/share-image.jpg',
    { schema: campaignShareImageSchema },
    async (request, reply) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
      const key = cacheKey(campaign);
      let pending = cache.get(key);
      if (!pending) {
        pending = render(campaign);
        cache.set(key, pending);
        // A failed render is not kept: the next request tries again.
        pending.catch(() => cache.delete(key));
      }
      const image = await pending;
      reply
        .header('cache-control', SHARE_IMAGE_CACHE_CONTROL)
        .header('etag', image.etag)
        .header('x-content-type-options', 'nosniff')
        // Made to be shown by other sites (previews, the partner widget), unlike the API's other answers.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
      return reply.type(SHARE_IMAGE_CONTENT_TYPE).send(image.body);
    },
  );
}

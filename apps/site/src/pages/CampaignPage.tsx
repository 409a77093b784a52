import { Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, CampaignPageView, EmptyState, NotFound, Skeleton, type CampaignSupportersState } from '@charity/ui';
import { campaignPagePath, type Campaign } from '@charity/domain';
import { fetchCampaignBySlug, fetchSupporters } from '../features/campaign-page/campaign-page-api';
import { forgetServerCampaignPage, serverCampaignPage } from '../features/campaign-page/server-data';
import { DonationWizard } from '../features/donation-wizard';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

type CampaignState = { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'done'; campaign: Campaign };

export const CAMPAIGN_PAGE_LOAD_ERROR = 'This campaign could not be loaded. Please check your connection and try again.';

/**
 * /campaigns/:slug (issue 19): one campaign to read and share, with the donation form for it. The server sends the
 * page's title, description, canonical address and share tags with its first byte (apps/api plugins/site.ts), so a
 * link pasted in WhatsApp or on social media shows the campaign without running this script.
 */
export default function CampaignPage() {
  const { slug = '' } = useParams();
  // The server renders this page with its data (apps/api plugins/site.ts): the first render is that one, so React
  // hydrates the very markup sent and nothing is asked again.
  const [initial] = useState(() => serverCampaignPage(slug));
  const [state, setState] = useState<CampaignState>(initial ? { status: 'done', campaign: initial.campaign } : { status: 'loading' });
  const [supporters, setSupporters] = useState<CampaignSupportersState>(
    initial ? { status: 'done', supporters: initial.supporters } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const served = useRef(initial !== null);
  useDocumentTitle(state.status === 'done' ? state.campaign.title : state.status === 'missing' ? 'Page Not Found' : 'Campaign');

  useEffect(() => {
    if (served.current) {
      // Shown as the server sent it; another slug or a retry asks the API.
      served.current = false;
      forgetServerCampaignPage();
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    setSupporters({ status: 'loading' });
    fetchCampaignBySlug(api, slug, controller.signal).then(
      (campaign) => {
        if (!campaign) return setState({ status: 'missing' });
        setState({ status: 'done', campaign });
        fetchSupporters(api, campaign.id, controller.signal).then(
          (list) => setSupporters({ status: 'done', supporters: list }),
          () => {
            if (!controller.signal.aborted) setSupporters({ status: 'error' });
          },
        );
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [slug, attempt]);

  if (state.status === 'missing') return <NotFound homeHref="/" />;
  if (state.status === 'error') {
    return (
      <div className="cs-container cs-campaign-page">
        <EmptyState
          title="Campaign unavailable"
          description={CAMPAIGN_PAGE_LOAD_ERROR}
          actions={<Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}
        />
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="cs-container cs-campaign-page" aria-busy="true">
        <Skeleton height="2.5rem" width="70%" />
        <Skeleton height="16rem" width="100%" style={{ marginTop: '1rem' }} />
      </div>
    );
  }

  const { campaign } = state;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const shareUrl = `${origin}${campaignPagePath(campaign.slug ?? slug)}`;
  return (
    <>
      {/* The description, canonical address and share tags come from the server with the page (plugins/site.ts):
          crawlers and link previews never run this script. */}
      <CampaignPageView
        campaign={campaign}
        shareUrl={shareUrl}
        supporters={supporters}
        donateForm={
          // A boundary that never shows its fallback: React hydrates the form apart from the story above it, in its own
          // task, instead of the whole page in one long task on a phone (total blocking time), as /donate does.
          <Suspense fallback={null}>
            <DonationWizard campaign={{ id: Number(campaign.id), title: campaign.title, slug: campaign.slug ?? slug }} headingLevel={3} />
          </Suspense>
        }
      />
    </>
  );
}

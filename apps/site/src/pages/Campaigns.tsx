import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function CampaignsPage() {
  useDocumentTitle('Campaigns');
  return <h1>Campaigns</h1>;
}

import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function EventsPage() {
  useDocumentTitle('Events');
  return <h1>Events</h1>;
}

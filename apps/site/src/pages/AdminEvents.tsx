import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function AdminEventsPage() {
  useDocumentTitle('Events Management');
  return <h1>Events Management</h1>;
}

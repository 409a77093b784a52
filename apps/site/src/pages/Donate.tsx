import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function DonatePage() {
  useDocumentTitle('Donate');
  return <h1>Donate</h1>;
}

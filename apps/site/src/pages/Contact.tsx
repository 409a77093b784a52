import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function ContactPage() {
  useDocumentTitle('Contact');
  return <h1>Contact</h1>;
}

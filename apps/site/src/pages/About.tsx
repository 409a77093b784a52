import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function AboutPage() {
  useDocumentTitle('About');
  return <h1>About</h1>;
}

import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until the home issue is built: the heading only, no invented content.
export default function HomePage() {
  useDocumentTitle();
  return <h1>Home</h1>;
}

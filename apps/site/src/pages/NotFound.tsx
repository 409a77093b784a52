import { NotFound } from '@charity/ui';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return <NotFound homeHref="/" />;
}

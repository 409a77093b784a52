import { useDocumentTitle } from '../lib/use-document-title';

// Placeholder until its issue is built: the heading only, no invented content.
export default function LoginPage() {
  useDocumentTitle('Admin Login');
  return <h1>Admin Login</h1>;
}

// A partner's app: the package from its tarball, the stylesheet imported once, several components and DonateWidget.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@charity/ui/styles.css';
import { Badge, Button, Card, CardBody, CardTitle, DonateWidget, EmptyState, ProgressBar, type DonateWidgetResult } from '@charity/ui';

function App() {
  const completed = (result: DonateWidgetResult) => console.log('completed', result.donationId);
  return (
    <main>
      <Button id="pack-button">Donate now</Button>
      <Badge tone="green">Completed</Badge>
      <Card as="article">
        <CardBody>
          <CardTitle>School Kits for 500 Children</CardTitle>
          <ProgressBar value={40} label="Raised" showLabel />
        </CardBody>
      </Card>
      <EmptyState title="No campaigns yet" description="Check back soon." />
      {/* Step 1 asks the API's payment settings (the operator's ceiling): the test's server answers them. */}
      <DonateWidget
        apiBase={new URL('/api', window.location.href).href}
        campaign={{ id: 12, title: 'Clean Water for Village Schools' }}
        onCompleted={completed}
        onFailed={(message: string) => console.log(message)}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import type { SandboxAuthenticationOutcome } from './transport';

export const SANDBOX_AUTH_TEXT = {
  title: 'Authenticate this test payment?',
  description:
    'Test mode: this stands in for your bank’s security check (3D Secure). No real card is charged.',
  complete: 'Complete authentication',
  fail: 'Fail authentication',
} as const;

export interface SandboxAuthDialogProps {
  open: boolean;
  /** How the bank's check ends. Escape and the close button answer 'fail', as closing Stripe's window does. */
  onAnswer: (outcome: SandboxAuthenticationOutcome) => void;
}

/**
 * The sandbox's stand-in for the bank's 3-D Secure window: the library's modal Dialog (focus kept inside, the first
 * button focused on opening, focus returned on closing), with 'Complete authentication' and 'Fail authentication'.
 */
export function SandboxAuthDialog({ open, onAnswer }: SandboxAuthDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onAnswer('fail');
      }}
      // As the native modal it replaces: a stray click beside it answers nothing.
      closeOnOutsideClick={false}
      className="cs-sandbox-auth"
      title={SANDBOX_AUTH_TEXT.title}
      description={SANDBOX_AUTH_TEXT.description}
      footer={
        <>
          <Button onClick={() => onAnswer('complete')}>{SANDBOX_AUTH_TEXT.complete}</Button>
          <Button variant="outline" onClick={() => onAnswer('fail')}>
            {SANDBOX_AUTH_TEXT.fail}
          </Button>
        </>
      }
    />
  );
}

/**
 * Asks how the bank's check should end. Stripe.js opens its window from `confirmCardPayment`, outside any React
 * tree, so the dialog gets a root of its own for as long as it is open.
 */
export function askSandboxAuthentication(): Promise<SandboxAuthenticationOutcome> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    let settled = false;
    const answer = (outcome: SandboxAuthenticationOutcome) => {
      if (settled) return;
      settled = true;
      // Closed at once (the dialog leaves the page now), then, after the Dialog has given focus back (Radix does so
      // on the next task), the root goes and the payment goes on: its result may take the focus after that.
      flushSync(() => root.render(<SandboxAuthDialog open={false} onAnswer={answer} />));
      setTimeout(() => {
        root.unmount();
        host.remove();
        resolve(outcome);
      }, 0);
    };
    root.render(<SandboxAuthDialog open onAnswer={answer} />);
  });
}

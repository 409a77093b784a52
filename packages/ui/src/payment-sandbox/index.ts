// The payment sandbox in the browser (a Stripe.js stand-in), by job: the Stripe-shaped object, its card fields, its
// transport to the server's sandbox and its 3-D Secure dialog.
export { createSandboxStripe, isSandboxStripe, type SandboxStripeOptions } from './stripe';
export {
  createHttpSandboxTransport,
  SandboxTransportError,
  type SandboxTransport,
  type SandboxPaymentIntent,
  type SandboxSetupIntent,
  type SandboxAuthenticationOutcome,
} from './transport';
export { askSandboxAuthentication, SandboxAuthDialog, SANDBOX_AUTH_TEXT, type SandboxAuthDialogProps } from './SandboxAuthDialog';

/**
 * The payment sandbox in the browser: an object shaped like Stripe.js that `<Elements stripe={...}>` accepts, so the
 * same payment panel runs against Stripe, against the local server sandbox (no keys set), in Storybook and in the
 * end-to-end tests.
 *
 * - `elements().create('cardNumber' | 'cardExpiry' | 'cardCvc')` mounts a plain <input> labelled 'Card number',
 *   'Expiration date' or 'CVC' into the node react-stripe-js gives it, and emits Stripe's element events
 *   (change `{elementType, empty, complete, error?, brand?}`, ready, focus, blur, escape) with Stripe's messages.
 * - `createPaymentMethod({type: 'card', card, billing_details})` turns the test card numbers into Stripe's own test
 *   PaymentMethod ids (pm_card_visa, pm_card_chargeDeclined, pm_card_authenticationRequired), which the server's
 *   sandbox knows. No card number ever leaves the browser, as with Stripe.
 * - `confirmCardPayment(clientSecret, {payment_method})` asks a transport (by default
 *   POST {apiBase}/payments/sandbox/confirm) and, when the intent requires authentication, shows a modal dialog
 *   'Authenticate this test payment?' whose answer goes to POST {apiBase}/payments/sandbox/authenticate.
 *
 * Only what react-stripe-js and the payment panel call is implemented; anything else rejects clearly.
 */
import type {
  PaymentIntent,
  PaymentIntentResult,
  PaymentMethod,
  PaymentMethodResult,
  Stripe,
  StripeElementChangeEvent,
  StripeElementClasses,
  StripeError,
} from '@stripe/stripe-js';
import {
  DONATION_MESSAGES,
  cardBrand,
  cardCvcStatus,
  cardDigits,
  cardExpiryStatus,
  cardNumberStatus,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
  sandboxPaymentMethodId,
  type CardFieldStatus,
  type SandboxCardElementType,
} from '@charity/domain';

/** A PaymentIntent as the server's sandbox answers it (contract of issue 5). */
export interface SandboxPaymentIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
}

export type SandboxAuthenticationOutcome = 'complete' | 'fail';

/** How the sandbox reaches the server's sandbox; stories and tests hand in their own. */
export interface SandboxTransport {
  confirm(input: { client_secret: string; payment_method_id: string }): Promise<SandboxPaymentIntent>;
  authenticate(input: { client_secret: string; outcome: SandboxAuthenticationOutcome }): Promise<SandboxPaymentIntent>;
}

/** A transport failure with the message to show (the server's, when it sent one). */
export class SandboxTransportError extends Error {
  override name = 'SandboxTransportError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The default transport: JSON POSTs to the API's sandbox endpoints. A reply that is not
 * `{success: true, data: {payment_intent}}` becomes a SandboxTransportError with the server's message, or
 * 'Payment failed. Please try again.'.
 */
export function createHttpSandboxTransport(
  apiBase = '/api',
  fetchImpl: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): SandboxTransport {
  const base = apiBase.replace(/\/+$/, '');
  const post = async (path: string, body: unknown): Promise<SandboxPaymentIntent> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      throw new SandboxTransportError(DONATION_MESSAGES.paymentFailed);
    }
    const ok = response.ok;
    const reply: unknown = await response.json().catch(() => null);
    const data = isRecord(reply) && isRecord(reply.data) ? reply.data : null;
    const intent = data && isRecord(data.payment_intent) ? data.payment_intent : null;
    if (ok && isRecord(reply) && reply.success === true && intent && typeof intent.status === 'string') {
      return intent as unknown as SandboxPaymentIntent;
    }
    const message = isRecord(reply) && typeof reply.message === 'string' && reply.message !== '' ? reply.message : null;
    throw new SandboxTransportError(message ?? DONATION_MESSAGES.paymentFailed);
  };
  return {
    confirm: (input) => post('payments/sandbox/confirm', input),
    authenticate: (input) => post('payments/sandbox/authenticate', input),
  };
}

// --- Elements -------------------------------------------------------------------------------------------------

const ELEMENT_SETUP: Record<
  SandboxCardElementType,
  {
    label: string;
    placeholder: string;
    autocomplete: string;
    format: (value: string) => string;
    status: (value: string, final: boolean, now: Date) => CardFieldStatus;
  }
> = {
  cardNumber: {
    label: 'Card number',
    placeholder: '1234 1234 1234 1234',
    autocomplete: 'cc-number',
    format: formatCardNumber,
    status: (value, final) => cardNumberStatus(value, final),
  },
  cardExpiry: {
    label: 'Expiration date',
    placeholder: 'MM / YY',
    autocomplete: 'cc-exp',
    format: formatExpiry,
    status: (value, final, now) => cardExpiryStatus(value, now, final),
  },
  cardCvc: {
    label: 'CVC',
    placeholder: 'CVC',
    autocomplete: 'cc-csc',
    format: formatCvc,
    status: (value, final) => cardCvcStatus(value, final),
  },
};

const SUPPORTED_TYPES = Object.keys(ELEMENT_SETUP) as SandboxCardElementType[];

const DEFAULT_CLASSES: Required<Omit<StripeElementClasses, 'webkitAutofill'>> = {
  base: 'StripeElement',
  complete: 'StripeElement--complete',
  empty: 'StripeElement--empty',
  focus: 'StripeElement--focus',
  invalid: 'StripeElement--invalid',
};

interface ElementOptions {
  classes?: StripeElementClasses;
  placeholder?: string;
  disabled?: boolean;
  [key: string]: unknown;
}

type Handler = (event: unknown) => unknown;

/** One card field. Public methods follow StripeElementBase; the rest is for the group and the Stripe object. */
export class SandboxCardElement {
  readonly elementType: SandboxCardElementType;
  /** The group it was created in: createPaymentMethod reads the expiry and CVC from it, as Stripe does. */
  readonly group: SandboxElements;
  private options: ElementOptions;
  private readonly handlers = new Map<string, Set<Handler>>();
  private input: HTMLInputElement | null = null;
  private container: HTMLElement | null = null;
  private labels: HTMLLabelElement[] = [];
  private state: CardFieldStatus = { empty: true, complete: false };
  private focused = false;
  destroyed = false;

  constructor(type: SandboxCardElementType, options: ElementOptions, group: SandboxElements) {
    this.elementType = type;
    this.options = { ...options };
    this.group = group;
  }

  mount(target: string | HTMLElement): void {
    if (this.destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
    const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!node) throw new Error(`The selector you specified (${String(target)}) applies to no DOM elements.`);
    const input = this.input ?? this.createInput();
    this.container = node;
    node.appendChild(input);
    this.applyClasses();
    // Like Stripe: a <label for> pointing at the container focuses the field when clicked.
    this.labels = node.id ? [...document.querySelectorAll<HTMLLabelElement>(`label[for="${CSS.escape(node.id)}"]`)] : [];
    for (const label of this.labels) label.addEventListener('click', this.focusFromLabel);
    // Stripe reports 'ready' asynchronously, once its iframe has loaded.
    setTimeout(() => {
      if (!this.destroyed) this.emit('ready', { elementType: this.elementType });
    }, 0);
  }

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (payload) => {
      this.off(event, wrapped);
      return handler(payload);
    };
    return this.on(event, wrapped);
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  update(options: ElementOptions): void {
    this.options = { ...this.options, ...options };
    if (this.input) {
      this.input.disabled = this.options.disabled === true;
      if (typeof this.options.placeholder === 'string') this.input.placeholder = this.options.placeholder;
    }
    this.applyClasses();
  }

  focus(): void {
    this.input?.focus();
  }

  blur(): void {
    this.input?.blur();
  }

  clear(): void {
    if (!this.input) return;
    this.input.value = '';
    this.setState(ELEMENT_SETUP[this.elementType].status('', false, this.group.now()));
  }

  unmount(): void {
    for (const label of this.labels) label.removeEventListener('click', this.focusFromLabel);
    this.labels = [];
    this.input?.remove();
    this.clearClasses();
    this.container = null;
  }

  destroy(): void {
    this.unmount();
    this.handlers.clear();
    this.input = null;
    this.destroyed = true;
    this.group.forget(this);
  }

  private readonly focusFromLabel = (): void => {
    this.input?.focus();
  };

  /** The digits typed (never leaves the sandbox except as a PaymentMethod id). */
  value(): string {
    return this.input?.value ?? '';
  }

  /** The field's status as createPaymentMethod sees it: incomplete counts as an error. */
  finalStatus(): CardFieldStatus {
    return ELEMENT_SETUP[this.elementType].status(this.value(), true, this.group.now());
  }

  private createInput(): HTMLInputElement {
    const setup = ELEMENT_SETUP[this.elementType];
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = setup.autocomplete as AutoFill;
    input.spellcheck = false;
    input.className = 'cs-sandbox-card__input';
    input.setAttribute('aria-label', setup.label);
    input.placeholder = typeof this.options.placeholder === 'string' ? this.options.placeholder : setup.placeholder;
    input.disabled = this.options.disabled === true;
    input.addEventListener('input', () => {
      const formatted = setup.format(input.value);
      if (formatted !== input.value) input.value = formatted;
      this.setState(setup.status(formatted, false, this.group.now()));
    });
    input.addEventListener('focus', () => {
      this.focused = true;
      this.applyClasses();
      this.emit('focus', { elementType: this.elementType });
    });
    input.addEventListener('blur', () => {
      this.focused = false;
      // Leaving a half-typed field turns 'incomplete' into an error, as in Stripe's fields.
      this.setState(setup.status(input.value, true, this.group.now()));
      this.emit('blur', { elementType: this.elementType });
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.emit('escape', { elementType: this.elementType });
    });
    this.input = input;
    return input;
  }

  private setState(next: CardFieldStatus): void {
    const previous = this.state;
    this.state = next;
    this.input?.setAttribute('aria-invalid', next.error ? 'true' : 'false');
    this.applyClasses();
    const changed =
      previous.empty !== next.empty ||
      previous.complete !== next.complete ||
      previous.error?.message !== next.error?.message ||
      this.elementType === 'cardNumber';
    if (!changed) return;
    const event: Record<string, unknown> = {
      elementType: this.elementType,
      empty: next.empty,
      complete: next.complete,
      error: next.error ? { ...next.error } : undefined,
    };
    if (this.elementType === 'cardNumber') event.brand = cardBrand(cardDigits(this.value()));
    this.emit('change', event as unknown as StripeElementChangeEvent);
  }

  private classes() {
    return { ...DEFAULT_CLASSES, ...this.options.classes };
  }

  private applyClasses(): void {
    const node = this.container;
    if (!node) return;
    const classes = this.classes();
    const wanted: [string | undefined, boolean][] = [
      [classes.base, true],
      [classes.complete, this.state.complete],
      [classes.empty, this.state.empty],
      [classes.focus, this.focused],
      [classes.invalid, this.state.error !== undefined],
    ];
    for (const [names, on] of wanted) {
      for (const name of (names ?? '').split(/\s+/).filter(Boolean)) node.classList.toggle(name, on);
    }
  }

  private clearClasses(): void {
    const node = this.container;
    if (!node) return;
    for (const names of Object.values(this.classes())) {
      for (const name of (names ?? '').split(/\s+/).filter(Boolean)) node.classList.remove(name);
    }
  }

  private emit(event: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }
}

/** The group `stripe.elements()` returns. */
export class SandboxElements {
  private readonly created = new Map<SandboxCardElementType, SandboxCardElement>();
  readonly now: () => Date;

  constructor(now: () => Date) {
    this.now = now;
  }

  create(type: string, options: ElementOptions = {}): SandboxCardElement {
    if (!SUPPORTED_TYPES.includes(type as SandboxCardElementType)) {
      throw new Error(`The payment sandbox supports the cardNumber, cardExpiry and cardCvc Elements only, not '${type}'.`);
    }
    const elementType = type as SandboxCardElementType;
    if (this.created.has(elementType)) throw new Error(`Can only create one Element of type ${elementType}.`);
    const element = new SandboxCardElement(elementType, options, this);
    this.created.set(elementType, element);
    return element;
  }

  /** By type name, or by react-stripe-js component (which carries `__elementType`). */
  getElement(type: unknown): SandboxCardElement | null {
    const name =
      typeof type === 'string'
        ? type
        : (typeof type === 'function' || isRecord(type)) && typeof (type as { __elementType?: unknown }).__elementType === 'string'
          ? (type as { __elementType: string }).__elementType
          : '';
    return this.created.get(name as SandboxCardElementType) ?? null;
  }

  update(): void {
    // Group options (locale, fonts, appearance) change nothing in plain inputs.
  }

  fetchUpdates(): Promise<Record<string, never>> {
    return Promise.resolve({});
  }

  submit(): Promise<Record<string, never>> {
    return Promise.resolve({});
  }

  forget(element: SandboxCardElement): void {
    if (this.created.get(element.elementType) === element) this.created.delete(element.elementType);
  }
}

// --- Authentication dialog ------------------------------------------------------------------------------------

export const SANDBOX_AUTH_TEXT = {
  title: 'Authenticate this test payment?',
  description:
    'Test mode: this stands in for your bank’s security check (3D Secure). No real card is charged.',
  complete: 'Complete authentication',
  fail: 'Fail authentication',
} as const;

/**
 * A native modal <dialog> (focus kept inside, Escape closes it) asking how the bank's check should end. Escape counts
 * as failing, as closing Stripe's authentication window does.
 */
export function askSandboxAuthentication(): Promise<SandboxAuthenticationOutcome> {
  return new Promise((resolve) => {
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = document.createElement('dialog');
    dialog.className = 'cs-sandbox-auth';
    dialog.setAttribute('aria-labelledby', 'cs-sandbox-auth-title');
    dialog.setAttribute('aria-describedby', 'cs-sandbox-auth-description');

    const title = document.createElement('h2');
    title.id = 'cs-sandbox-auth-title';
    title.className = 'cs-sandbox-auth__title';
    title.textContent = SANDBOX_AUTH_TEXT.title;
    const description = document.createElement('p');
    description.id = 'cs-sandbox-auth-description';
    description.className = 'cs-sandbox-auth__description';
    description.textContent = SANDBOX_AUTH_TEXT.description;

    const actions = document.createElement('div');
    actions.className = 'cs-sandbox-auth__actions';
    const button = (label: string, variant: string, outcome: SandboxAuthenticationOutcome) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = `cs-button cs-button--${variant} cs-button--md`;
      element.textContent = label;
      element.addEventListener('click', () => finish(outcome));
      return element;
    };
    const completeButton = button(SANDBOX_AUTH_TEXT.complete, 'primary', 'complete');
    actions.append(completeButton, button(SANDBOX_AUTH_TEXT.fail, 'outline', 'fail'));
    dialog.append(title, description, actions);

    let settled = false;
    function finish(outcome: SandboxAuthenticationOutcome) {
      if (settled) return;
      settled = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      if (returnFocus?.isConnected) returnFocus.focus();
      resolve(outcome);
    }
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish('fail');
    });

    document.body.appendChild(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    completeButton.focus();
  });
}

// --- The Stripe-shaped object ---------------------------------------------------------------------------------

export interface SandboxStripeOptions {
  /** Where the server's sandbox answers (default transport only). Default '/api'. */
  apiBase?: string;
  /** Replaces the HTTP transport (stories, tests). */
  transport?: SandboxTransport;
  /** Replaces the dialog (tests without a DOM dialog). */
  authenticate?: () => Promise<SandboxAuthenticationOutcome>;
  /** The clock for expiry checks. */
  now?: () => Date;
}

function stripeError(type: StripeError['type'], message: string, extra: Partial<StripeError> = {}): StripeError {
  return { type, message, ...extra } as StripeError;
}

function toStripeIntent(intent: SandboxPaymentIntent, clientSecret: string, paymentMethod: string): PaymentIntent {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as PaymentIntent['status'],
    client_secret: clientSecret,
    payment_method: paymentMethod,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    last_payment_error: intent.last_payment_error as PaymentIntent['last_payment_error'],
  } as unknown as PaymentIntent;
}

/** A Stripe.js stand-in for `<Elements stripe={createSandboxStripe(...)}>`. */
export function createSandboxStripe(options: SandboxStripeOptions = {}): Stripe {
  const transport = options.transport ?? createHttpSandboxTransport(options.apiBase);
  const authenticate = options.authenticate ?? askSandboxAuthentication;
  const now = options.now ?? (() => new Date());

  const createPaymentMethod = (data: unknown): Promise<PaymentMethodResult> => {
    const request = isRecord(data) ? data : {};
    const card = request.card ?? request.element;
    if (request.type !== undefined && request.type !== 'card') {
      return Promise.resolve({ error: stripeError('invalid_request_error', 'The payment sandbox accepts card payments only.') });
    }
    if (!(card instanceof SandboxCardElement) || card.elementType !== 'cardNumber' || card.destroyed) {
      return Promise.resolve({
        error: stripeError('invalid_request_error', 'createPaymentMethod needs the mounted card number Element.'),
      });
    }
    const group = card.group;
    const fields = [card, group.getElement('cardExpiry'), group.getElement('cardCvc')];
    for (const field of fields) {
      if (!field) {
        return Promise.resolve({
          error: stripeError('invalid_request_error', 'The expiry and CVC Elements must be mounted with the card number.'),
        });
      }
      const status = field.finalStatus();
      if (status.error) {
        return Promise.resolve({ error: stripeError('validation_error', status.error.message, { code: status.error.code }) });
      }
    }
    const digits = cardDigits(card.value());
    const expiry = parseExpiry(fields[1]?.value() ?? '');
    const paymentMethod = {
      id: sandboxPaymentMethodId(digits),
      object: 'payment_method',
      type: 'card',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      customer: null,
      metadata: {},
      billing_details: isRecord(request.billing_details) ? request.billing_details : {},
      card: {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: expiry?.month ?? 0,
        exp_year: expiry?.year ?? 0,
        funding: 'credit',
        country: 'US',
      },
    } as unknown as PaymentMethod;
    return Promise.resolve({ paymentMethod });
  };

  const confirmCardPayment = async (clientSecret: string, data?: unknown): Promise<PaymentIntentResult> => {
    const request = isRecord(data) ? data : {};
    let paymentMethodId: string;
    if (typeof request.payment_method === 'string') {
      paymentMethodId = request.payment_method;
    } else if (isRecord(request.payment_method)) {
      const created = await createPaymentMethod({ type: 'card', ...request.payment_method });
      if (created.error) return { error: created.error };
      paymentMethodId = created.paymentMethod.id;
    } else {
      return { error: stripeError('invalid_request_error', 'confirmCardPayment needs a payment_method.') };
    }
    try {
      let intent = await transport.confirm({ client_secret: clientSecret, payment_method_id: paymentMethodId });
      if (intent.status === 'requires_action') {
        const outcome = await authenticate();
        intent = await transport.authenticate({ client_secret: clientSecret, outcome });
      }
      const paymentIntent = toStripeIntent(intent, clientSecret, paymentMethodId);
      if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
        const failure = intent.last_payment_error;
        return {
          error: stripeError('card_error', failure.message, {
            code: failure.code,
            ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
            payment_intent: paymentIntent,
          }),
        };
      }
      // Any other status comes back as the intent, as Stripe.js does; the caller decides what it means.
      return { paymentIntent };
    } catch (error) {
      const message = error instanceof SandboxTransportError ? error.message : DONATION_MESSAGES.paymentFailed;
      return { error: stripeError('api_error', message) };
    }
  };

  const unsupported = (name: string) => () =>
    Promise.resolve({ error: stripeError('invalid_request_error', `The payment sandbox does not support ${name}.`) });

  const sandbox = {
    /** Lets the site and tests tell the sandbox from Stripe.js. */
    isSandbox: true,
    elements: () => new SandboxElements(now),
    createPaymentMethod,
    confirmCardPayment,
    createToken: unsupported('createToken'),
    createSource: unsupported('createSource'),
    retrievePaymentIntent: unsupported('retrievePaymentIntent'),
    handleCardAction: unsupported('handleCardAction'),
    confirmPayment: unsupported('confirmPayment'),
  };
  return sandbox as unknown as Stripe;
}

/** True for an object made by createSandboxStripe. */
export function isSandboxStripe(stripe: unknown): boolean {
  return isRecord(stripe) && stripe.isSandbox === true;
}

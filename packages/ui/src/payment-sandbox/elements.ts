/**
 * The sandbox's card fields: what `stripe.elements()` returns. `create('cardNumber' | 'cardExpiry' | 'cardCvc')`
 * mounts a plain <input> labelled 'Card number', 'Expiration date' or 'CVC' into the node react-stripe-js gives it,
 * and emits Stripe's element events (change `{elementType, empty, complete, error?, brand?}`, ready, focus, blur,
 * escape) with Stripe's messages. The digits never leave the sandbox except as a test PaymentMethod id.
 */
import type { StripeElementChangeEvent, StripeElementClasses } from '@stripe/stripe-js';
import {
  cardBrand,
  cardCvcStatus,
  cardDigits,
  cardExpiryStatus,
  cardNumberStatus,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isRecord,
  type CardFieldStatus,
  type SandboxCardElementType,
} from '@charity/domain';

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

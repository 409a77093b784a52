import type { ServerPaymentsMode } from '../app/payments-mode';

/**
 * Whether the markup in #root is the server's render of this very query (its key, params.ts embedParamsKey) in this
 * payments mode, so React can hydrate it. Anything else (a proxy that rewrote the page, an old build, the build's
 * empty #root) is drawn afresh rather than hydrated into markup that does not match.
 */
export function canHydrateEmbed(root: HTMLElement, key: string, paymentsMode: ServerPaymentsMode | null): boolean {
  const { embedParams, prerenderedMode } = root.dataset;
  return embedParams === key && prerenderedMode === paymentsMode && root.firstChild !== null;
}

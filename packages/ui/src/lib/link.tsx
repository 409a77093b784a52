import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** What every link component handed to `LinkProvider` receives. */
export type UiLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

function DefaultLink(props: UiLinkProps) {
  return <a {...props} />;
}

const LinkContext = createContext<ComponentType<UiLinkProps>>(DefaultLink);

/**
 * ui never imports a router: the app hands in the component that renders internal links
 * (e.g. a wrapper around react-router's `<Link to={href}>`). Without a provider links are plain `<a>`.
 */
export function LinkProvider(props: { component: ComponentType<UiLinkProps>; children: ReactNode }) {
  return <LinkContext.Provider value={props.component}>{props.children}</LinkContext.Provider>;
}

/** The link component in effect: the provided one, or a plain `<a>`. */
export function useLink(): ComponentType<UiLinkProps> {
  return useContext(LinkContext);
}

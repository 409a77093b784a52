import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { SvgIcon, type IconProps } from '../lib/svg-icon';
import { FacebookIcon, MailIcon, TwitterIcon } from './icons';

export interface ShareLinksProps {
  /** The address shared (absolute: it leaves the site). */
  url: string;
  /** What is shared: the email's subject, and the start of the message elsewhere. */
  title: string;
  /** A sentence put before the title in messages ('I just gave to…'); none by default. */
  text?: string;
  /** The group's heading. */
  label?: string;
  /**
   * Level of that heading; 3 suits a section whose own heading is an h2. null: the label is plain text that still
   * names the group, for a place where a heading would break the page's outline (inside a result message).
   */
  headingLevel?: 2 | 3 | 4 | null;
  /** The link was copied (for analytics or a toast); the component already says so itself. */
  onCopied?: () => void;
  className?: string;
}

export const SHARE_LINKS_TEXTS = {
  label: 'Share this campaign',
  copy: 'Copy link',
  copied: 'Link copied',
  /** The clipboard was refused (permissions, an insecure page, an old browser): the address to copy by hand. */
  copyRefused: 'Your browser did not let us copy. Select the address below and copy it:',
  whatsapp: 'Share on WhatsApp',
  email: 'Share by email',
  x: 'Share on X',
  facebook: 'Share on Facebook',
} as const;

/** What each network is given: plain links to their own share pages, so no third-party script runs here. */
export function shareHrefs({ url, title, text }: Pick<ShareLinksProps, 'url' | 'title' | 'text'>) {
  const message = text ? `${text} ${title}` : title;
  const q = encodeURIComponent;
  return {
    whatsapp: `https://wa.me/?text=${q(`${message} ${url}`)}`,
    email: `mailto:?subject=${q(title)}&body=${q(`${message}\n\n${url}`)}`,
    x: `https://x.com/intent/post?text=${q(message)}&url=${q(url)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
  };
}

const LinkIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </SvgIcon>
);
const WhatsappIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M3 21l1.7-4.6A9 9 0 1 1 8 19.6z" />
    <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1c-1-.4-1.6-1-2-2l1-1-1-2z" />
  </SvgIcon>
);

type CopyState = 'idle' | 'copied' | 'refused';

/**
 * A share row for any page (the thank-you after a campaign gift, a campaign's own page): 'Copy link' through the
 * Clipboard API, with a polite 'Link copied' (or, when the browser refuses, the address selected for copying by
 * hand), and plain links to WhatsApp, email, X and Facebook. The links open the network in a new tab with no
 * opener or referrer; no network's script is loaded, so nothing tracks a visitor who does not share.
 */
export function ShareLinks({
  url,
  title,
  text,
  label = SHARE_LINKS_TEXTS.label,
  headingLevel = 3,
  onCopied,
  className,
}: ShareLinksProps) {
  const headingId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  const fallbackRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const Heading = headingLevel === null ? 'p' : (`h${headingLevel}` as 'h3');
  const hrefs = shareHrefs({ url, title, text });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A refused copy offers the address focused and selected, so Ctrl+C (or the phone's menu) finishes the job.
  useEffect(() => {
    if (copy !== 'refused') return;
    fallbackRef.current?.focus();
    fallbackRef.current?.select();
  }, [copy]);

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No Clipboard API');
      await navigator.clipboard.writeText(url);
      if (!mounted.current) return;
      setCopy('copied');
      onCopied?.();
    } catch {
      if (mounted.current) setCopy('refused');
    }
  }

  const newTabId = `${headingId}-new-tab`;
  // The visible word is part of the accessible name ('Share on WhatsApp'), as WCAG's label-in-name asks.
  const external = (key: 'whatsapp' | 'x' | 'facebook', name: string, icon: ReactNode) => (
    <li>
      <a
        className="cs-share__link"
        href={hrefs[key]}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={name}
        aria-describedby={newTabId}
      >
        {icon}
        <span className="cs-share__text">{name.replace(/^Share on /, '')}</span>
      </a>
    </li>
  );

  return (
    <section className={cn('cs-share', className)} aria-labelledby={headingId}>
      <Heading id={headingId} className="cs-share__heading">
        {label}
      </Heading>
      <ul className="cs-share__list">
        <li>
          <button type="button" className="cs-share__link" onClick={() => void copyLink()}>
            <LinkIcon />
            <span className="cs-share__text">{SHARE_LINKS_TEXTS.copy}</span>
          </button>
        </li>
        {external('whatsapp', SHARE_LINKS_TEXTS.whatsapp, <WhatsappIcon />)}
        <li>
          <a className="cs-share__link" href={hrefs.email} aria-label={SHARE_LINKS_TEXTS.email}>
            <MailIcon />
            <span className="cs-share__text">Email</span>
          </a>
        </li>
        {external('x', SHARE_LINKS_TEXTS.x, <TwitterIcon />)}
        {external('facebook', SHARE_LINKS_TEXTS.facebook, <FacebookIcon />)}
      </ul>
      <span id={newTabId} hidden>
        Opens in a new tab
      </span>
      <p className="cs-share__status" role="status">
        {copy === 'copied' ? SHARE_LINKS_TEXTS.copied : null}
        {copy === 'refused' ? SHARE_LINKS_TEXTS.copyRefused : null}
      </p>
      {copy === 'refused' ? (
        <input
          ref={fallbackRef}
          className="cs-share__url"
          type="text"
          readOnly
          aria-label="Link to this campaign"
          value={url}
          onFocus={(event) => event.target.select()}
        />
      ) : null}
    </section>
  );
}

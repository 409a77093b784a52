import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import {
  Button,
  CancelGiftDialog,
  ChangeAmountDialog,
  MANAGE_GIFT_TEXT,
  ManageGiftView,
  PauseGiftDialog,
  RequestGiftLinkForm,
  Spinner,
} from '@charity/ui';
import { GIFT_RECEIPT_PREFIX } from '../features/monthly-gift/api/gift-api';
import { useMonthlyGiftStore } from '../features/monthly-gift/stores';
import { useDocumentTitle } from '../lib/use-document-title';

// Stripe.js (or the sandbox) and its React bindings load only when a donor changes their card.
const ChangeCardDialog = lazy(() => import('../features/monthly-gift/components/ChangeCardDialog'));

export const MONTHLY_GIFT_PAGE_TEXT = {
  title: 'Your monthly gift',
  loading: 'Loading your monthly gift...',
  retry: 'Try again',
} as const;

/**
 * /monthly-gift#<token> (docs/decisions/022-monthly-gifts.md): a donor's monthly gift, reached from the link in an
 * email without an account. The token is taken from the fragment and removed from the address bar before the first
 * paint (so it is not left in the history, a bookmark or a shared address), kept in memory only, and sent in the
 * X-Gift-Token header. Without a working link the page asks for a new one. The server sends this page with
 * `X-Robots-Tag: noindex` (SITE_PAGES); the meta tag says the same to anything that reads the rendered page.
 */
export default function MonthlyGiftPage() {
  useDocumentTitle(MONTHLY_GIFT_PAGE_TEXT.title);
  const view = useMonthlyGiftStore((s) => s.view);
  const gift = useMonthlyGiftStore((s) => s.gift);
  const notice = useMonthlyGiftStore((s) => s.notice);
  const loadError = useMonthlyGiftStore((s) => s.loadError);
  const linkIntro = useMonthlyGiftStore((s) => s.linkIntro);
  const linkStatus = useMonthlyGiftStore((s) => s.linkStatus);
  const linkError = useMonthlyGiftStore((s) => s.linkError);
  const dialog = useMonthlyGiftStore((s) => s.dialog);
  const busy = useMonthlyGiftStore((s) => s.busy);
  const dialogError = useMonthlyGiftStore((s) => s.dialogError);
  const { openFromAddress, load, openDialog, closeDialog, changeAmount, pause, resume, cancel, changeCard, revokeLinks, requestLink, downloadReceipt } =
    useMonthlyGiftStore.getState();

  // A receipt link of the payments table: fetched with the token in a header (a link cannot carry one), then saved.
  const onReceiptClick = (event: React.MouseEvent) => {
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (!anchor || !href.startsWith(GIFT_RECEIPT_PREFIX)) return;
    event.preventDefault();
    const number = decodeURIComponent(href.slice(GIFT_RECEIPT_PREFIX.length));
    void downloadReceipt(href, `receipt-${number.replaceAll("/", "-")}.pdf`);
  };

  // Before the first paint: the token leaves the address bar at once. A link pasted into this tab later arrives as a
  // new fragment (hashchange) and is taken the same way.
  useLayoutEffect(() => {
    const take = () => void openFromAddress(window);
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, [openFromAddress]);

  // The card dialog's chunk is fetched the first time it is wanted, then kept (so it can animate closed).
  const [cardDialogLoaded, setCardDialogLoaded] = useState(false);
  if (dialog === 'card' && !cardDialogLoaded) setCardDialogLoaded(true);

  const onOpenChange = (open: boolean) => {
    if (!open) closeDialog();
  };

  let content;
  if (view === 'link') {
    content = <RequestGiftLinkForm status={linkStatus} error={linkError} intro={linkIntro} onSubmit={(email) => void requestLink(email)} />;
  } else if (view === 'ready' && gift) {
    content = (
      <>
        {/* Clicks on the payments table's receipt links are taken over here (onReceiptClick). */}
        <div onClickCapture={onReceiptClick}>
        <ManageGiftView
          gift={gift}
          notice={notice}
          busy={busy}
          onChangeAmount={() => openDialog('amount')}
          onPause={() => openDialog('pause')}
          onResume={() => void resume()}
          onCancel={() => openDialog('cancel')}
          onChangeCard={() => openDialog('card')}
          onRevokeLinks={() => void revokeLinks()}
        />
        </div>
        <ChangeAmountDialog
          open={dialog === 'amount'}
          onOpenChange={onOpenChange}
          currency={gift.currency}
          currentAmount={gift.amount}
          countryCode={gift.donor_country_code}
          busy={busy}
          error={dialog === 'amount' ? dialogError : null}
          onSubmit={(amount) => void changeAmount(amount)}
        />
        <PauseGiftDialog
          open={dialog === 'pause'}
          onOpenChange={onOpenChange}
          busy={busy}
          error={dialog === 'pause' ? dialogError : null}
          onSubmit={(months) => void pause(months)}
        />
        <CancelGiftDialog
          open={dialog === 'cancel'}
          onOpenChange={onOpenChange}
          busy={busy}
          error={dialog === 'cancel' ? dialogError : null}
          onConfirm={(reason) => void cancel(reason)}
        />
        {cardDialogLoaded ? (
          <Suspense fallback={null}>
            <ChangeCardDialog
              open={dialog === 'card'}
              onOpenChange={onOpenChange}
              donorName={gift.donor_name}
              busy={busy}
              error={dialog === 'card' ? dialogError : null}
              onSubmit={(confirm) => void changeCard(confirm)}
            />
          </Suspense>
        ) : null}
      </>
    );
  } else if (view === 'error') {
    content = (
      <div className="cs-manage-gift">
        <h1 className="cs-manage-gift__title">{MANAGE_GIFT_TEXT.title}</h1>
        <p role="alert" className="cs-gift-alert">
          {loadError}
        </p>
        <div>
          <Button onClick={() => void load()}>{MONTHLY_GIFT_PAGE_TEXT.retry}</Button>
        </div>
      </div>
    );
  } else {
    content = (
      <div className="cs-manage-gift">
        <h1 className="cs-manage-gift__title">{MANAGE_GIFT_TEXT.title}</h1>
        <Spinner label={MONTHLY_GIFT_PAGE_TEXT.loading} />
      </div>
    );
  }

  return (
    <div className="cs-section">
      {/* React 19 hoists it into <head> and removes it when the page is left. */}
      <meta name="robots" content="noindex" />
      <div className="cs-container">{content}</div>
    </div>
  );
}

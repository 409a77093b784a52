import { useEffect } from 'react';
import { AdminPageHeader, Button, EmptyState, OrganisationSettingsForm, Spinner } from '@charity/ui';
import { useAdminSettingsStore } from '../features/admin-settings/stores';
import { ADMIN_SETTINGS_MESSAGES } from '../features/admin-settings/stores/admin-settings-store';
import { useDocumentTitle } from '../lib/use-document-title';

export const SETTINGS_PAGE_TEXT = {
  title: 'Organisation settings',
  description:
    'The legal and tax details printed on receipts, notes and statements and reported in Form 10BD. Every save is kept as a version: a receipt always shows the details in force when it was issued.',
  loading: 'Loading organisation settings...',
  retry: 'Try again',
} as const;

/**
 * /admin/settings (docs/decisions/026-organisation-settings.md): the organisation's legal and tax details, saved as
 * versions. A save's success is the toast with the server's sentence; a refusal stays on the form, under its fields.
 */
export default function AdminSettingsPage() {
  useDocumentTitle(SETTINGS_PAGE_TEXT.title);
  const status = useAdminSettingsStore((s) => s.status);
  const current = useAdminSettingsStore((s) => s.current);
  const history = useAdminSettingsStore((s) => s.history);
  const saving = useAdminSettingsStore((s) => s.saving);
  const saveMessage = useAdminSettingsStore((s) => s.saveMessage);
  const saveErrors = useAdminSettingsStore((s) => s.saveErrors);
  const { load, save, clearSaveErrors, reset } = useAdminSettingsStore.getState();

  useEffect(() => {
    void load();
    return reset;
  }, [load, reset]);

  let content;
  if (status === 'error') {
    content = (
      <EmptyState title={ADMIN_SETTINGS_MESSAGES.loadFailed} actions={<Button onClick={() => void load()}>{SETTINGS_PAGE_TEXT.retry}</Button>} />
    );
  } else if (current === null) {
    content = <Spinner label={SETTINGS_PAGE_TEXT.loading} />;
  } else {
    content = (
      <OrganisationSettingsForm
        current={current}
        history={history}
        busy={saving}
        serverMessage={saveMessage}
        serverErrors={saveErrors}
        onSave={(settings) => void save(settings)}
        onCancel={clearSaveErrors}
      />
    );
  }

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={SETTINGS_PAGE_TEXT.title} description={SETTINGS_PAGE_TEXT.description} />
      <div className="cs-admin-page__sections" aria-busy={status === 'loading' || undefined}>
        {content}
      </div>
    </div>
  );
}

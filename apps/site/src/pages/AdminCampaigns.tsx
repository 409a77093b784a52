import { useEffect, useMemo, useState } from 'react';
import { CONFIRM_MESSAGES, campaignFormValues, type CampaignFormValues } from '@charity/domain';
import { AdminCampaignList, AdminPageHeader, Button, CampaignFormModal, ConfirmDialog, Pagination, type CampaignImageChoice } from '@charity/ui';
import type { AdminCampaign } from '../features/admin-campaigns/api/admin-campaigns-api';
import { useAdminCampaignsStore } from '../features/admin-campaigns/stores';
import { useDocumentTitle } from '../lib/use-document-title';

export const CAMPAIGNS_PAGE_TEXT = {
  title: 'Campaigns Management',
  description: 'Every campaign, drafts included, newest first. Drafts never appear on the public site; active, paused and completed campaigns do.',
  add: 'Add Campaign',
  deleteTitle: 'Delete Campaign',
  pagesLabel: 'Campaign pages',
} as const;

type FormState = { mode: 'add' } | { mode: 'edit'; campaign: AdminCampaign };

/**
 * /admin/campaigns (docs/decisions/005-admin-console.md): the list with paging, add and edit in a dialog, delete after
 * confirmation.
 */
export default function AdminCampaignsPage() {
  useDocumentTitle(CAMPAIGNS_PAGE_TEXT.title);
  const campaigns = useAdminCampaignsStore((s) => s.campaigns);
  const status = useAdminCampaignsStore((s) => s.status);
  const page = useAdminCampaignsStore((s) => s.page);
  const totalPages = useAdminCampaignsStore((s) => s.totalPages);
  const saving = useAdminCampaignsStore((s) => s.saving);
  const formError = useAdminCampaignsStore((s) => s.formError);
  const deleting = useAdminCampaignsStore((s) => s.deleting);
  const { load, create, update, remove, clearFormError, reset } = useAdminCampaignsStore.getState();

  const [form, setForm] = useState<FormState | null>(null);
  const [confirm, setConfirm] = useState<AdminCampaign | null>(null);
  // The dialog reads its values when it opens; keep the same object while it is open.
  const initialValues = useMemo(() => (form?.mode === 'edit' ? campaignFormValues(form.campaign) : null), [form]);

  useEffect(() => {
    void load(1);
    return reset;
  }, [load, reset]);

  function openForm(next: FormState) {
    clearFormError();
    setForm(next);
  }

  async function submit(values: CampaignFormValues, image: CampaignImageChoice) {
    if (!form) return;
    const saved = form.mode === 'add' ? await create(values, image) : await update(form.campaign.id, values, image);
    if (saved) setForm(null);
  }

  async function confirmDeletion() {
    if (!confirm) return;
    await remove(confirm.id);
    setConfirm(null);
  }

  // The list hands back the records it was given: find ours by id for the full campaign.
  const byId = (id: number) => campaigns.find((campaign) => campaign.id === id);

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader
        title={CAMPAIGNS_PAGE_TEXT.title}
        description={CAMPAIGNS_PAGE_TEXT.description}
        actions={<Button onClick={() => openForm({ mode: 'add' })}>{CAMPAIGNS_PAGE_TEXT.add}</Button>}
      />
      <div className="cs-admin-page__list">
        <AdminCampaignList
          campaigns={campaigns}
          status={status}
          onEdit={(record) => {
            const campaign = byId(record.id);
            if (campaign) openForm({ mode: 'edit', campaign });
          }}
          onDelete={(record) => setConfirm(byId(record.id) ?? null)}
          onRetry={() => void load()}
          footer={<Pagination page={page} totalPages={totalPages} onPageChange={(next) => void load(next)} label={CAMPAIGNS_PAGE_TEXT.pagesLabel} />}
        />
      </div>
      <CampaignFormModal
        open={form !== null}
        mode={form?.mode ?? 'add'}
        initialValues={initialValues}
        imageUrl={form?.mode === 'edit' ? form.campaign.image_url : null}
        saving={saving}
        error={formError}
        onSubmit={(values, image) => void submit(values, image)}
        onOpenChange={(open) => {
          if (!open) setForm(null);
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={CAMPAIGNS_PAGE_TEXT.deleteTitle}
        message={CONFIRM_MESSAGES.deleteCampaign}
        busy={deleting}
        onConfirm={() => void confirmDeletion()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

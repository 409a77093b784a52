import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import {
  ADMIN_EVENTS_FILTER_TEXT,
  CONFIRM_MESSAGES,
  filterAdminEvents,
  isAdminEventStatusFilter,
  type AdminEventStatusFilter,
  type EventPayload,
  type EventRecord,
} from "@charity/domain";
import {
  AdminEventFilters,
  AdminEventList,
  AdminEventsHeader,
  Button,
  ConfirmDialog,
  EmptyState,
  EventFormModal,
} from "@charity/ui";
import { useAdminEventsStore } from "../features/admin-events/stores";
import { useAdminLogout } from "../features/auth/hooks/use-admin-logout";
import { useAuthStore } from "../features/auth/stores/auth-store";
import { useDocumentTitle } from "../lib/use-document-title";

type FormState = { mode: "add" } | { mode: "edit"; event: EventRecord };
type ConfirmState =
  | { kind: "event"; event: EventRecord }
  | { kind: "image"; event: EventRecord; imageKey: number | string };

/**
 * /admin/events (spec section 2 "Admin events"); ProtectedRoute keeps signed-out visitors away. It sits in the admin
 * shell (app/AdminShell), which hides its own Logout here: this page keeps the spec's header with its Logout.
 */
export default function AdminEventsPage() {
  useDocumentTitle("Events Management");
  const user = useAuthStore((s) => s.user);
  const events = useAdminEventsStore((s) => s.events);
  const status = useAdminEventsStore((s) => s.status);
  const saving = useAdminEventsStore((s) => s.saving);
  const formError = useAdminEventsStore((s) => s.formError);
  const deleting = useAdminEventsStore((s) => s.deleting);
  const uploadingIds = useAdminEventsStore((s) => s.uploadingIds);
  const uploadErrors = useAdminEventsStore((s) => s.uploadErrors);
  const {
    load,
    create,
    update,
    remove,
    uploadImages,
    deleteImage,
    clearFormError,
  } = useAdminEventsStore.getState();

  // Search and status live in the address (?q=…&status=…), so a filtered list survives a reload and can be shared.
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const statusParam = params.get("status");
  const statusFilter: AdminEventStatusFilter = isAdminEventStatusFilter(
    statusParam
  )
    ? statusParam
    : "all";
  const shown = useMemo(
    () => filterAdminEvents(events, { query, status: statusFilter }),
    [events, query, statusFilter]
  );
  const setFilter = (name: "q" | "status", value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "" || (name === "status" && value === "all"))
          next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true }
    );

  const [form, setForm] = useState<FormState | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const { loggingOut, logout } = useAdminLogout();

  useEffect(() => {
    void load();
  }, [load]);

  function openForm(next: FormState) {
    clearFormError();
    setForm(next);
  }

  async function submit(payload: EventPayload) {
    if (!form) return;
    const saved =
      form.mode === "add"
        ? await create(payload)
        : await update(form.event.id, payload);
    if (saved) setForm(null);
  }

  async function confirmDeletion() {
    if (!confirm) return;
    if (confirm.kind === "event") await remove(confirm.event.id);
    else await deleteImage(confirm.event.id, confirm.imageKey);
    setConfirm(null);
  }

  return (
    <div className="cs-container cs-admin-page">
      <AdminEventsHeader
        user={user}
        onAddEvent={() => openForm({ mode: "add" })}
        onLogout={() => void logout()}
        loggingOut={loggingOut}
      />
      <div className="cs-admin-page__list">
        {status === "ready" && events.length > 0 ? (
          <AdminEventFilters
            query={query}
            status={statusFilter}
            onQueryChange={(value) => setFilter("q", value)}
            onStatusChange={(value) => setFilter("status", value)}
            shown={shown.length}
            total={events.length}
          />
        ) : null}
        {status === "ready" && events.length > 0 && shown.length === 0 ? (
          <EmptyState
            title={ADMIN_EVENTS_FILTER_TEXT.noMatch}
            description={ADMIN_EVENTS_FILTER_TEXT.noMatchHint}
            actions={
              <Button onClick={() => setParams({}, { replace: true })}>
                {ADMIN_EVENTS_FILTER_TEXT.clear}
              </Button>
            }
          />
        ) : (
          <AdminEventList
            events={shown}
            status={status}
            uploadingIds={uploadingIds}
            uploadErrors={uploadErrors}
            onEdit={(event) => openForm({ mode: "edit", event })}
            onDelete={(event) => setConfirm({ kind: "event", event })}
            onUpload={(event, files) => void uploadImages(event.id, files)}
            onDeleteImage={(event, imageKey) =>
              setConfirm({ kind: "image", event, imageKey })
            }
            onRetry={() => void load()}
          />
        )}
      </div>
      <EventFormModal
        open={form !== null}
        mode={form?.mode ?? "add"}
        initialValues={form?.mode === "edit" ? form.event : null}
        saving={saving}
        error={formError}
        onSubmit={(payload) => void submit(payload)}
        onOpenChange={(open) => {
          if (!open) setForm(null);
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "image" ? "Delete Image" : "Delete Event"}
        message={
          confirm?.kind === "image"
            ? CONFIRM_MESSAGES.deleteImage
            : CONFIRM_MESSAGES.deleteEvent
        }
        busy={deleting}
        onConfirm={() => void confirmDeletion()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

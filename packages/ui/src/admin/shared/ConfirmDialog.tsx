import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete this image?'; it also describes the dialog. */
  message: ReactNode;
  confirmLabel?: string;
  /** Replaces the confirm label while busy. */
  busyLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: confirm shows a spinner; Cancel, Escape and Close do nothing. */
  busy?: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action (spec §8 "Confirmations"), in place of window.confirm: a modal dialog whose
 * focus starts on Cancel, so a stray Enter never deletes anything.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  cancelLabel = 'Cancel',
  busy = false,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      size="sm"
      title={title}
      description={message}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

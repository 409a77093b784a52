import { SESSION_MESSAGES } from "@charity/domain";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { SignInFields, type LoginCredentials } from "./LoginForm";

export interface SessionEndedDialogProps {
  open: boolean;
  /** Called with valid credentials; the caller signs in and sets `busy` and `error`. */
  onSubmit: (credentials: LoginCredentials) => void | Promise<void>;
  /** Leave the screen for the sign-in page, giving up what is unsaved. */
  onLeave: () => void;
  busy?: boolean;
  /** The failure banner, as on the login page. */
  error?: string | null;
  /** The username of the session that ended, filled in. */
  username?: string;
}

/**
 * Over an admin screen whose session has ended (a revoked token, the idle timeout, the absolute end): sign in again
 * here and carry on, the screen and its unsaved form untouched underneath (decision 037). Only its own buttons end
 * it: Escape or a click outside would leave a screen whose every save fails.
 */
export function SessionEndedDialog({
  open,
  onSubmit,
  onLeave,
  busy = false,
  error,
  username,
}: SessionEndedDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={() => {}}
      dismissible={false}
      size="sm"
      title={SESSION_MESSAGES.endedTitle}
      description={SESSION_MESSAGES.endedBody}
      footer={
        <Button variant="ghost" onClick={onLeave} disabled={busy}>
          {SESSION_MESSAGES.leave}
        </Button>
      }
    >
      <div className="cs-session-ended">
        <SignInFields
          onSubmit={onSubmit}
          busy={busy}
          error={error}
          initialValues={username ? { username } : undefined}
        />
      </div>
    </Dialog>
  );
}

import { SESSION_MESSAGES, type SessionWarning } from "@charity/domain";
import { Button } from "../../components/Button";

export interface SessionExpiryNoticeProps {
  warning: SessionWarning;
  /** Only for an idle end: one request to the server keeps the session (an absolute end cannot be moved). */
  onStaySignedIn?: () => void;
  busy?: boolean;
}

/**
 * Shown at the top of an admin screen from two minutes before its session ends (decision 037). role=alert: it is
 * announced once when it appears, so a staff member typing in a long form hears it too.
 */
export function SessionExpiryNotice({
  warning,
  onStaySignedIn,
  busy = false,
}: SessionExpiryNoticeProps) {
  return (
    <div role="alert" className="cs-session-notice">
      <p className="cs-session-notice__text">
        {SESSION_MESSAGES.warning(warning)}
      </p>
      {warning.kind === "idle" && onStaySignedIn ? (
        <Button
          size="sm"
          onClick={onStaySignedIn}
          loading={busy}
          loadingText={SESSION_MESSAGES.staySignedIn}
        >
          {SESSION_MESSAGES.staySignedIn}
        </Button>
      ) : null}
    </div>
  );
}

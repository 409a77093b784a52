import { useEffect, useRef, useState } from "react";
import {
  AUTH_MESSAGES,
  SESSION_RECHECK_MIN_INTERVAL_MS,
  msUntilSessionWarning,
  sessionWarning,
} from "@charity/domain";
import {
  SessionEndedDialog,
  SessionExpiryNotice,
  type LoginCredentials,
} from "@charity/ui";
import { showToast } from "../../../lib/toast";
import { authService } from "../api";
import { useAuthStore } from "../stores/auth-store";

/** While the warning shows, its minutes are recounted this often. */
const WARNING_TICK_MS = 15_000;

/**
 * Watches the staff session on every signed-in screen (issue 20 item 6, decision 037):
 * - checks it with the server when the screen opens and whenever the tab comes back into view, so a session revoked
 *   meanwhile (logout elsewhere, a password change) shows at once, not at the next save;
 * - warns from two minutes before it ends ('Stay signed in' keeps an idle one going);
 * - once it has ended, puts a sign-in dialog over the screen, whose form stays as it was underneath.
 */
export function SessionWatch() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const sessionEnded = useAuthStore((s) => s.sessionEnded);
  const clock = useAuthStore((s) => s.sessionClock);
  const user = useAuthStore((s) => s.user);
  const [now, setNow] = useState(() => Date.now());
  const [keeping, setKeeping] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [signInError, setSignInError] = useState<string | null>(null);

  // The name to fill in once the session has ended (the store forgets the user then): kept from the last render
  // that had one (React's "adjust state while rendering" pattern).
  const username = typeof user?.username === "string" ? user.username : "";
  const [lastUsername, setLastUsername] = useState(username);
  if (username !== "" && username !== lastUsername) setLastUsername(username);

  // On opening and on coming back to the tab: one check with the server, at most every 30 s.
  const lastCheck = useRef(0);
  useEffect(() => {
    if (!isAuthenticated) return;
    const check = () => {
      if (
        document.visibilityState !== "visible" ||
        Date.now() - lastCheck.current < SESSION_RECHECK_MIN_INTERVAL_MS
      )
        return;
      lastCheck.current = Date.now();
      useAuthStore.getState().syncSessionClock();
      void authService.checkSession();
    };
    check();
    document.addEventListener("visibilitychange", check);
    return () => document.removeEventListener("visibilitychange", check);
  }, [isAuthenticated]);

  // Another tab's requests keep the same session going: they share the stored clock.
  useEffect(() => {
    const sync = () => useAuthStore.getState().syncSessionClock();
    window.addEventListener("storage", sync);
    return () => window.removeEventListener("storage", sync);
  }, []);

  // One timer: to the warning, then every 15 s while it shows, then the end.
  useEffect(() => {
    if (!isAuthenticated || !clock) return;
    const wait = msUntilSessionWarning(clock, clock.lastActiveAt, Date.now());
    if (wait === null) {
      // Past the end by the browser's count: another tab may have moved it; else the session is over. It is revoked
      // on the server too (which would end it within the minute anyway), so the dialog never lies.
      useAuthStore.getState().syncSessionClock();
      const latest = useAuthStore.getState().sessionClock;
      if (
        latest &&
        msUntilSessionWarning(latest, latest.lastActiveAt, Date.now()) !== null
      )
        return;
      void authService.endSession();
      return;
    }
    const timer = setTimeout(
      () => setNow(Date.now()),
      wait > 0 ? wait : WARNING_TICK_MS
    );
    return () => clearTimeout(timer);
  }, [isAuthenticated, clock, now]);

  async function staySignedIn() {
    setKeeping(true);
    await authService.checkSession();
    setKeeping(false);
    setNow(Date.now());
  }

  async function signInAgain(credentials: LoginCredentials) {
    setSigningIn(true);
    setSignInError(null);
    const result = await authService.login(credentials);
    setSigningIn(false);
    if (result.success) {
      showToast("success", AUTH_MESSAGES.loginSuccess);
      return;
    }
    setSignInError(result.message);
  }

  // `now` is moved by the timer above (to the warning, then every 15 s), so the minutes count down.
  const warning =
    isAuthenticated && clock
      ? sessionWarning(clock, clock.lastActiveAt, now)
      : null;
  return (
    <>
      {warning ? (
        <div className="cs-container">
          <SessionExpiryNotice
            warning={warning}
            onStaySignedIn={() => void staySignedIn()}
            busy={keeping}
          />
        </div>
      ) : null}
      <SessionEndedDialog
        open={sessionEnded && !isAuthenticated}
        username={lastUsername}
        busy={signingIn}
        error={signInError}
        onSubmit={signInAgain}
        // Signing out for good: ProtectedRoute then goes to /login, remembering this screen.
        onLeave={() => useAuthStore.getState().logout()}
      />
    </>
  );
}

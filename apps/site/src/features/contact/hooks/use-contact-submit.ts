import { useCallback, useState } from 'react';
import type { ContactErrors, ContactPayload } from '@charity/domain';
import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { sendContactMessage } from '../api/send-contact';

/**
 * Wires the ContactForm to the API: success → the spec's thank-you toast and an empty form (resetKey);
 * failure → the server's message (or the fallback) as a toast, the typed values kept, and the field errors
 * of a 400 shown under their fields.
 */
export function useContactSubmit() {
  const [resetKey, setResetKey] = useState(0);
  const [serverErrors, setServerErrors] = useState<ContactErrors | undefined>();

  const onSubmit = useCallback(async (payload: ContactPayload) => {
    const result = await sendContactMessage(api, payload);
    if (result.ok) {
      showToast('success', result.message);
      setResetKey((key) => key + 1);
      return;
    }
    showToast('error', result.message);
    // A new object each time, so the same errors returned twice are shown (and focused) again.
    if (Object.keys(result.fieldErrors).length > 0) setServerErrors({ ...result.fieldErrors });
  }, []);

  return { onSubmit, resetKey, serverErrors };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useDialog } from './dialogs.tsx';
import type { DialogRequest } from './message-dialog.tsx';

/**
 * A press that asks first (the confirm dialog), then does it: `busy` meanwhile, and a refusal said in the error
 * dialog (the server's words, or the generic ones).
 */
export function useConfirmedAction() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const run = async (question: Omit<DialogRequest, 'kind'>, act: () => Promise<void>) => {
    if (!(await dialog.confirm(question))) return;
    setBusy(true);
    try {
      await act();
    } catch (error) {
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

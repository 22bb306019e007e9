import { type FormEvent, useRef, useState } from 'react';
import { networkErrorText } from '../../../../contract/errors.ts';
import type { ItemEntryFields } from '../../../../contract/item-entry.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/form-errors.ts';
import { formRules, useRulesAhead } from '../../../lib/form-rules.ts';
import type { UploadState } from './use-entry-media.ts';

const entryRules = () => import('../../../../contract/item-entry.ts').then((rules) => rules.itemEntrySchema);

/** What the alerts under the form say: a form message (locale key), the server's own words, or no connection. */
export interface EntryAlerts {
  formError: string | null;
  serverText: string | null;
  networkFailed: boolean;
}

export const NO_ALERTS: EntryAlerts = { formError: null, serverText: null, networkFailed: false };

const UPLOAD_ALERTS: Record<Exclude<UploadState, 'ready'>, EntryAlerts> = {
  uploading: { ...NO_ALERTS, formError: 'itemEntry.waitForUploads' },
  failed: { ...NO_ALERTS, formError: 'itemEntry.failedUploads' },
};

/** A refused send: the server's words, or "no connection" when no answer could be read. */
function failureAlerts(error: unknown): EntryAlerts {
  const text = error instanceof ApiError ? error.text : null;
  const unanswered = !text || text === networkErrorText('POST', 1) || text === networkErrorText('POST', 2);
  return unanswered ? { ...NO_ALERTS, networkFailed: true } : { ...NO_ALERTS, serverText: text };
}

/** The notice of a kept item (locale key): a new post or saved changes, live or waiting for approval. */
export function postedNotice(editing: boolean, pending: boolean) {
  if (editing) return pending ? 'itemEntry.savedPending' : 'itemEntry.saved';
  return pending ? 'itemEntry.postedPending' : 'itemEntry.posted';
}

const itemPath = (item: ItemDetail | null) => (item ? `/api/v1/items/${encodeURIComponent(item.id)}` : '/api/v1/items');

interface SubmitSetup {
  /** The item being edited, or null for a new post. */
  item: ItemDetail | null;
  uploadState: UploadState;
  /** What the form would send now. */
  payload(): ItemEntryFields;
  setErrors(errors: FieldErrors): void;
  /** The item is kept: its draft goes, then the page takes over. */
  onSaved(saved: ItemDetail): void;
}

/**
 * Sending the form: waits for the uploads, checks the fields with the contract's itemEntrySchema, then posts
 * the item. Each refusal is said in the alerts under the form, and focus goes where the person can act.
 */
export function useEntrySubmit({ item, uploadState, payload, setErrors, onSaved }: SubmitSetup) {
  useRulesAhead(entryRules);
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [alerts, setAlerts] = useState<EntryAlerts>(NO_ALERTS);
  const [submitting, setSubmitting] = useState(false);
  const [posted, setPosted] = useState<string | null>(null);

  const showAlerts = (next: EntryAlerts) => {
    setAlerts(next);
    requestAnimationFrame(() => alert.current?.focus());
  };
  const showFieldErrors = (errors: FieldErrors) => {
    setErrors(errors);
    setAlerts({ ...NO_ALERTS, formError: 'itemEntry.fixErrors' });
    // Keyboard and screen-reader users land on the first problem, which reads out its message.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const post = async (fields: unknown) => {
    setSubmitting(true);
    try {
      const saved = await apiPost<ItemDetail>(itemPath(item), fields);
      setPosted(postedNotice(Boolean(item), saved.status === 0));
      onSaved(saved);
    } catch (error) {
      showAlerts(failureAlerts(error));
    } finally {
      setSubmitting(false);
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting || posted) return;
    if (uploadState !== 'ready') {
      showAlerts(UPLOAD_ALERTS[uploadState]);
      return;
    }
    const rules = await formRules(entryRules);
    // Rules that could not be loaded mean no connection: the post would not go through either.
    if (!rules) return showAlerts({ ...NO_ALERTS, networkFailed: true });
    const parsed = rules.safeParse(payload());
    if (!parsed.success) {
      showFieldErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setAlerts(NO_ALERTS);
    await post(parsed.data);
  };

  return { form, alert, alerts, submitting, posted, send, clearAlerts: () => setAlerts(NO_ALERTS) };
}

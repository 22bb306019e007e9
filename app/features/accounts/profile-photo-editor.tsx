import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { User } from '../../../contract/users.ts';
import { Camera, ImageUp } from '../../components/ui/icons.tsx';
import { ProfilePhoto, photoUrl } from '../../components/ui/profile-photo.tsx';
import { translateKey } from '../../i18n/i18n.ts';

/**
 * Profile and cover photos of the profile editor: choosing a file uploads it at once (intent "photo" to the
 * page's action); the page then shows the stored version.
 */
export function ProfilePhotoEditor({
  user,
}: {
  user: Pick<User, 'user_name' | 'user_profile_photo' | 'user_cover_photo'>;
}) {
  const { t } = useTranslation();
  const cover = photoUrl(user.user_cover_photo);
  return (
    <div className="mt-6 overflow-hidden rounded-3xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="relative">
        {cover ? (
          <img src={cover} alt="" className="h-36 w-full object-cover" />
        ) : (
          <div className="h-36 w-full bg-gradient-to-br from-brand-600 to-brand-900" />
        )}
        <div className="absolute end-3 top-3">
          <PhotoUpload
            kind="cover"
            label={t('profile.changeCover')}
            icon={<ImageUp className="size-4" aria-hidden />}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4 p-5">
        <ProfilePhoto user={user} size="small" />
        <PhotoUpload kind="profile" label={t('profile.changePhoto')} icon={<Camera className="size-4" aria-hidden />} />
        <p className="w-full text-xs text-slate-500 dark:text-slate-400">{t('profile.photoHint')}</p>
      </div>
    </div>
  );
}

/** A file picker that posts the chosen photo as soon as it is chosen (a plain submit button without script). */
function PhotoUpload({ kind, label, icon }: { kind: 'profile' | 'cover'; label: string; icon: ReactNode }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; notice?: string; formError?: string }>({ key: `photo-${kind}` });
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  return (
    <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="photo" />
      <input type="hidden" name="kind" value={kind} />
      <label
        className={`inline-flex cursor-pointer items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-slate-900 shadow ring-1 ring-slate-300 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-slate-50 ${busy ? 'opacity-60' : ''}`}
      >
        {icon}
        {busy ? t('profile.uploading') : label}
        <input
          type="file"
          name="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
          className="sr-only"
          disabled={busy}
          data-testid={`${kind}-photo-input`}
          onChange={() => form.current && fetcher.submit(form.current)}
        />
      </label>
      <noscript>
        <button type="submit" className="text-sm underline">
          {label}
        </button>
      </noscript>
      {result && !result.ok && result.formError && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-2 py-1 text-xs text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {translateKey(t, result.formError)}
        </p>
      )}
      {result?.ok && result.notice && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-2 py-1 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          {translateKey(t, result.notice)}
        </p>
      )}
    </fetcher.Form>
  );
}

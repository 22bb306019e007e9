import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { CategoryPictureSlot, ConsoleCategory } from '../../../contract/console.ts';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { inputClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import type { MessageKey } from '../../i18n/i18n.ts';
import type { FormResult } from '../../lib/form-errors.ts';

/** A refused save, picture upload or removal: `intent` and `slot` say which form to show it on. */
export type CategoryFormResult = FormResult & { intent?: string; slot?: string };

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif';

/** What a picture's part of the form says, as locale keys, and how its preview is drawn. */
export interface PictureTexts {
  label: MessageKey;
  hint: MessageKey;
  alt: MessageKey;
  preview: string;
}

const SLOTS: Record<CategoryPictureSlot, PictureTexts> = {
  icon: {
    label: 'console.categories.iconPicture',
    hint: 'console.categories.iconPictureHint',
    alt: 'console.categories.currentIconAlt',
    preview: 'size-24 rounded-2xl object-cover',
  },
  photo: {
    label: 'console.categories.photo',
    hint: 'console.categories.photoHint',
    alt: 'console.categories.currentPhotoAlt',
    preview: 'aspect-[3/1] w-full rounded-2xl object-cover',
  },
};

/** The category's icon picture and photo, each uploaded, replaced or removed on its own. */
export function CategoryPictures({
  category,
  failure,
}: {
  category: ConsoleCategory;
  failure: CategoryFormResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="mt-10 flex flex-col gap-8 border-t border-slate-200 pt-6 dark:border-slate-800"
      aria-labelledby="category-pictures-title"
    >
      <h2 id="category-pictures-title" className="text-xl font-bold">
        {t('console.categories.pictures')}
      </h2>
      <PictureSlot
        slot="icon"
        texts={SLOTS.icon}
        path={category.icon_picture}
        failure={failure?.slot === 'icon' ? failure : undefined}
      />
      <PictureSlot
        slot="photo"
        texts={SLOTS.photo}
        path={category.photo}
        failure={failure?.slot === 'photo' ? failure : undefined}
      />
    </section>
  );
}

/** One picture: its preview or "none yet", a file field to upload or replace it, and a button to remove it. */
export function PictureSlot({
  slot,
  texts,
  path,
  failure,
}: {
  slot: string;
  texts: PictureTexts;
  path: string | null;
  failure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' ? navigation.formData : undefined;
  const busy = (intent: string) => pending?.get('intent') === intent && pending.get('slot') === slot;
  const inputId = `category-${slot}-file`;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">{t(texts.label)}</h3>
      {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
      {path ? (
        <img src={`/uploads/${path}`} alt={t(texts.alt)} className={texts.preview} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('console.categories.noPicture')}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2" noValidate>
        <input type="hidden" name="intent" value="picture" />
        <input type="hidden" name="slot" value={slot} />
        <label htmlFor={inputId} className="sr-only">
          {t(texts.label)}
        </label>
        <input
          id={inputId}
          name="file"
          type="file"
          accept={PICTURE_TYPES}
          aria-describedby={`${inputId}-hint`}
          className={`${inputClass} file:me-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-3 file:py-1 dark:file:bg-slate-800 dark:file:text-slate-100`}
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {t(texts.hint)}
        </p>
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            busy={busy('picture')}
            label={t('console.categories.uploadPicture')}
            busyLabel={t('console.settings.saving')}
            className={secondaryButtonClass}
          />
        </div>
      </Form>
      {path && (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-picture" />
          <input type="hidden" name="slot" value={slot} />
          <SubmitButton
            busy={busy('remove-picture')}
            label={t('console.categories.removePicture')}
            busyLabel={t('console.settings.saving')}
            className={secondaryButtonClass}
          />
        </Form>
      )}
    </div>
  );
}

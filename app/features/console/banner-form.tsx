import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleBanner } from '../../../contract/banners.ts';
import { Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { inputClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { DeleteForm } from './delete-form.tsx';
import { LocalizedFields } from './localized-fields.tsx';
import { OrderAndVisibility } from './order-and-visibility.tsx';

type BannerFormResult = FormResult & { intent?: string };

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif';

/** A dashboard banner: its picture, its words in every language, where it leads, its order; its deletion. */
export function BannerForm({
  banner,
  failure,
}: {
  banner: ConsoleBanner | null;
  failure: BannerFormResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const title = banner
    ? (banner.titles[i18n.language] ?? banner.titles.en ?? banner.titles.ar ?? '')
    : t('console.banners.newTitle');
  const pictureFailure = failure?.intent === 'picture' ? failure : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="banner-form-title">
      <p className="text-sm">
        <Link to="/admin/content" className="text-brand-700 underline dark:text-brand-300">
          {t('console.blog.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading id="banner-form-title" title={title} intro={t('console.banners.intro')} />
      </div>
      {banner && (
        <img
          src={`/uploads/${banner.image_path}`}
          alt={t('console.banners.pictureAlt')}
          className="mt-5 aspect-[3/1] w-full rounded-2xl object-cover"
        />
      )}
      <BannerFields banner={banner} failure={pictureFailure ? undefined : failure} />
      {banner && (
        <>
          <PictureForm failure={pictureFailure} />
          <DeleteForm
            label={t('console.banners.delete')}
            title={t('console.banners.deleteTitle')}
            message={t('console.banners.deleteConfirm')}
          />
        </>
      )}
    </section>
  );
}

function BannerFields({ banner, failure }: { banner: ConsoleBanner | null; failure: BannerFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const errors = failure?.errors ?? {};
  const value = (name: string, saved: string) => failure?.values?.[name] ?? saved;
  return (
    <Form
      method="post"
      encType={banner ? undefined : 'multipart/form-data'}
      className="mt-6 flex flex-col gap-5"
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
      <LocalizedFields
        prefix="titles"
        idPrefix="banner"
        legend={t('console.banners.titles')}
        saved={banner?.titles ?? {}}
        failedValues={failure?.values}
        errors={errors}
        maxLength={120}
      />
      <Field
        name="link"
        idPrefix="banner"
        label={t('console.banners.link')}
        hint={t('console.banners.linkHint')}
        errors={errors}
        maxLength={500}
        dir="ltr"
        defaultValue={value('link', banner?.link ?? '')}
      />
      <OrderAndVisibility
        idPrefix="banner"
        publishedLabel={t('console.banners.published')}
        saved={banner}
        failure={failure}
      />
      {!banner && <PictureField />}
      <div>
        <SubmitButton busy={busy} label={t('console.banners.save')} busyLabel={t('console.settings.saving')} />
      </div>
    </Form>
  );
}

function PictureField() {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="banner-picture" className="text-sm font-semibold">
        {t('console.banners.picture')}
      </label>
      <input
        id="banner-picture"
        name="file"
        type="file"
        accept={PICTURE_TYPES}
        aria-describedby="banner-picture-hint"
        className={`${inputClass} file:me-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-3 file:py-1 dark:file:bg-slate-800 dark:file:text-slate-100`}
      />
      <p id="banner-picture-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('console.banners.pictureHint')}
      </p>
    </div>
  );
}

function PictureForm({ failure }: { failure: BannerFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'picture';
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6 dark:border-slate-800"
      noValidate
    >
      <input type="hidden" name="intent" value="picture" />
      {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
      <PictureField />
      <div>
        <SubmitButton
          busy={busy}
          label={t('console.banners.replacePicture')}
          busyLabel={t('console.settings.saving')}
          className={secondaryButtonClass}
        />
      </div>
    </Form>
  );
}

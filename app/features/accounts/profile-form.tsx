import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { User } from '../../../contract/users.ts';
import {
  CheckboxField,
  Field,
  FieldError,
  inputClass,
  SubmitButton,
  useFormErrors,
} from '../../components/ui/form.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { PhoneChangeDialog } from './phone-change-dialog.tsx';
import type { CountryOption } from './phone-field.tsx';

const profileRules = () => import('../../../contract/users.ts').then((rules) => rules.profileUpdateSchema);

type EditedUser = Pick<
  User,
  | 'user_name'
  | 'user_email'
  | 'user_phone'
  | 'user_about_me'
  | 'user_address'
  | 'city'
  | 'whatsapp'
  | 'messenger'
  | 'is_show_email'
  | 'is_show_phone'
>;

/**
 * The profile editor's form (intent "profile"): checked in the browser before it is sent, then by the page's
 * action, whose field errors come back as `serverErrors`. The phone is not a field: it changes in its own
 * dialog, with an SMS code.
 */
export function ProfileForm({
  user,
  cities,
  countries,
  defaultCountry,
  serverErrors,
}: {
  user: EditedUser;
  cities: Array<{ id: number; name: string }>;
  countries: CountryOption[];
  defaultCountry: string;
  serverErrors: FieldErrors | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, validateFirst } = useFormErrors(profileRules, serverErrors);
  const field = { idPrefix: 'profile', errors };
  return (
    <Form method="post" noValidate onSubmit={validateFirst} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <Field
        {...field}
        name="user_name"
        autoComplete="name"
        defaultValue={user.user_name}
        label={t('fields.user_name')}
      />
      <Field
        {...field}
        name="user_email"
        type="email"
        autoComplete="email"
        dir="ltr"
        defaultValue={user.user_email ?? ''}
        label={t('fields.user_email')}
        hint={t('profile.emailChangeHint')}
      />
      <PhoneSection phone={user.user_phone} countries={countries} defaultCountry={defaultCountry} />
      <TextArea
        name="user_about_me"
        label={t('fields.user_about_me')}
        defaultValue={user.user_about_me ?? ''}
        errors={errors}
      />
      <Field
        {...field}
        name="user_address"
        autoComplete="street-address"
        defaultValue={user.user_address ?? ''}
        label={t('fields.user_address')}
      />
      <CitySelect cities={cities} defaultValue={user.city} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          {...field}
          name="whatsapp"
          type="tel"
          dir="ltr"
          defaultValue={user.whatsapp ?? ''}
          label={t('fields.whatsapp')}
        />
        <Field
          {...field}
          name="messenger"
          dir="ltr"
          defaultValue={user.messenger ?? ''}
          label={t('fields.messenger')}
        />
      </div>
      <CheckboxField
        {...field}
        name="is_show_email"
        defaultChecked={user.is_show_email}
        label={t('profile.showEmail')}
      />
      <CheckboxField
        {...field}
        name="is_show_phone"
        defaultChecked={user.is_show_phone}
        label={t('profile.showPhone')}
      />
      <SubmitButton
        busy={navigation.state !== 'idle' && navigation.formData?.get('intent') === 'profile'}
        label={t('profile.save')}
        busyLabel={t('profile.saving')}
      />
    </Form>
  );
}

/** The proven phone number (or none), and the dialog that changes it. */
function PhoneSection({
  phone,
  countries,
  defaultCountry,
}: {
  phone: string | null;
  countries: CountryOption[];
  defaultCountry: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-sm font-semibold">{t('profile.phoneSection')}</p>
      <div className="mt-1 flex items-center justify-between gap-3 rounded-xl border border-slate-300 px-4 py-2.5 dark:border-slate-700">
        <span dir={phone ? 'ltr' : undefined} className={phone ? '' : 'text-slate-500 dark:text-slate-400'}>
          {phone ?? t('profile.noPhone')}
        </span>
        <PhoneChangeDialog hasPhone={Boolean(phone)} countries={countries} defaultCountry={defaultCountry} />
      </div>
    </div>
  );
}

function CitySelect({
  cities,
  defaultValue,
}: {
  cities: Array<{ id: number; name: string }>;
  defaultValue: number | null;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="profile-city" className="text-sm font-semibold">
        {t('fields.city')}
      </label>
      <select id="profile-city" name="city" defaultValue={defaultValue ?? ''} className={inputClass}>
        <option value="">{t('profile.noCity')}</option>
        {cities.map((city) => (
          <option key={city.id} value={city.id}>
            {city.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextArea({
  name,
  label,
  defaultValue,
  errors,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors: FieldErrors;
}) {
  const id = `profile-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        defaultValue={defaultValue}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} messageKey={errors[name]} field={label} />
    </div>
  );
}

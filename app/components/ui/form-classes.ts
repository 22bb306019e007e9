/** The look of form controls and buttons, apart from the form components (which bring the forms texts). */
export const inputClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800';

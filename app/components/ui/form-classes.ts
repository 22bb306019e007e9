/** The look of form controls and buttons, apart from the form components (which bring the forms texts). */
export const inputClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

/** A primary action beside a heading ("New banner"): as wide as its words. */
export const compactPrimaryButtonClass =
  'inline-flex shrink-0 items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800';

/** A button whose action is hard to take back (a ban). */
export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800';

/** One of a row of filter links (a status, a kind): the current one filled. */
export const pillLinkClass = (selected: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-4 py-1.5 text-sm font-semibold ${
    selected
      ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-900'
      : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

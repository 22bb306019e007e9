import type { ElementType, ReactNode } from 'react';
import type { IconComponent } from './icons.tsx';

const LOOKS = {
  /** On a page (an empty list): a smaller icon, the text closer to the title, the ways on as they come. */
  page: {
    icon: 'size-10',
    text: (titled: boolean) => `${titled ? 'mt-1' : 'mt-3'} text-slate-600 dark:text-slate-400`,
    actions: null,
  },
  /** In a message dialog: a larger centred icon, smaller text and a row of centred buttons. */
  dialog: {
    icon: 'mx-auto size-12',
    text: () => 'mt-2 text-sm text-slate-600 dark:text-slate-300',
    actions: 'mt-6 flex justify-center gap-3',
  },
} as const;

/**
 * How something stands, in the caller's centred box: an icon, a title (when given), a sentence and, when given,
 * the ways on. `titleAs` and `textAs` name the elements (a dialog's own title and description).
 */
export function StatusPanel({
  icon: Icon,
  iconColor = 'text-slate-400 dark:text-slate-500',
  title,
  text,
  actions,
  look = 'page',
  titleAs: Title = 'p',
  textAs: Text = 'p',
}: {
  icon: IconComponent;
  iconColor?: string;
  title?: ReactNode;
  text: ReactNode;
  actions?: ReactNode;
  look?: keyof typeof LOOKS;
  titleAs?: ElementType;
  textAs?: ElementType;
}) {
  const style = LOOKS[look];
  const titled = title !== undefined;
  return (
    <>
      <Icon className={`${style.icon} ${iconColor}`} aria-hidden />
      {titled && <Title className="mt-3 text-lg font-bold">{title}</Title>}
      <Text className={style.text(titled)}>{text}</Text>
      {style.actions && actions !== undefined ? <div className={style.actions}>{actions}</div> : actions}
    </>
  );
}

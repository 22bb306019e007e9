import {
  type ComponentType,
  cloneElement,
  type LazyExoticComponent,
  type ReactElement,
  Suspense,
  useState,
} from 'react';

type TriggerProps = {
  onClick?: (event: React.MouseEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
};

/** What a deferred popup module renders: its Radix root around `trigger`, open from the start. */
export interface DeferredPopupProps {
  trigger: ReactElement;
}

/**
 * A menu or dialog whose code (Radix and its positioning) is loaded only when someone reaches for it. Until
 * then the page renders just the trigger, a plain button that looks the same; pointing at it or focusing
 * it starts the download, pressing it shows the popup (opened) in its place, and from then on the popup's
 * own trigger takes over. Pages neither render nor download what most visitors never open.
 */
export function DeferredPopup<P extends DeferredPopupProps>({
  popup: Popup,
  load,
  trigger,
  haspopup,
  ...props
}: {
  popup: LazyExoticComponent<ComponentType<P>>;
  /** The import behind `popup`, to start the download early. */
  load: () => Promise<unknown>;
  trigger: ReactElement<TriggerProps>;
  haspopup: 'menu' | 'dialog';
} & Omit<P, 'trigger'>) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void load().catch(() => undefined);
  const placeholder = cloneElement(trigger, {
    'aria-haspopup': haspopup,
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setWanted(true),
  } as TriggerProps);
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Popup {...(props as unknown as P)} trigger={trigger} />
    </Suspense>
  );
}

/**
 * The import of a deferred popup: when its code cannot be fetched (offline at the press), the trigger stays as
 * it was instead of the popup failing the page's render; pressing it again once online opens nothing new
 * until the page is reloaded (a failed import is not tried twice), but the page goes on working.
 */
export function orTrigger<P extends DeferredPopupProps>(load: () => Promise<{ default: ComponentType<P> }>) {
  const triggerOnly = ({ trigger }: P) => trigger;
  return () => load().catch(() => ({ default: triggerOnly as ComponentType<P> }));
}

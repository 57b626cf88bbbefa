import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement, type Ref } from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };
type Props = Record<string, unknown>;

/** Both refs get the element: the slot's (the caller's) and the child's own. */
function composeRefs<T>(...refs: (Ref<T> | undefined)[]): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its single child element with the slot's props merged in (a button's looks on a router
 * Link), as Radix's Slot does: the child's props win, except that handlers of both run (the child's
 * first), classes are joined and styles merged. Ours because it is the only Radix piece the first
 * page needed, and Radix's Slot (with its ref composition) was 1.5 KB of that page's script.
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement<Props>(children)) return null;
  const childProps = children.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (name === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object | undefined) };
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (name === 'ref') {
      merged.ref = composeRefs(slotValue as Ref<unknown>, childValue as Ref<unknown> | undefined);
    }
  }
  return cloneElement(children as ReactElement<Props>, merged);
}

import { useSyncExternalStore, type ComponentType } from 'react';
import type { OrderDto } from '@balcao/contract';
import type { TableToolbarProps } from './tables/definition';
import type { TableKey } from './tables/resources';

/** Every admin table's toolbar, after its own buttons: `usersToolbar`, `productsToolbar`, ... */
type TableToolbarSlots = { [Key in TableKey as `${Key}Toolbar`]: TableToolbarProps };

/**
 * The places of a screen a feature other than its own fills, by name, with the props each fill
 * gets: the screen renders `<Slot name=... />` without knowing who fills it, and the filling
 * feature calls `registerSlot` in a module src/pages.tsx loads with that screen's page.
 */
export interface SlotProps extends TableToolbarSlots {
  /** The cashier's selected order, between its items and total: the coupon (features/coupons). */
  checkoutOrder: { order: OrderDto; disabled: boolean };
}

export type SlotName = keyof SlotProps;

const NONE: readonly never[] = [];
// Each slot's list holds components of that slot's props: registerSlot takes no other.
const fills = new Map<SlotName, readonly unknown[]>();
const listeners = new Set<() => void>();

/** Adds a component to a slot, shown after those registered before it (once, however often). */
export function registerSlot<Name extends SlotName>(
  name: Name,
  Fill: ComponentType<SlotProps[Name]>,
): void {
  const current = fills.get(name) ?? NONE;
  if (current.includes(Fill)) return;
  fills.set(name, [...current, Fill]);
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * The components registered for a slot, each given the props; nothing when none is. A fill whose
 * chunk arrives after the slot shows joins it then.
 */
export function Slot<Name extends SlotName>({ name, ...props }: { name: Name } & SlotProps[Name]) {
  const registered = useSyncExternalStore(subscribe, () => fills.get(name) ?? NONE);
  return (registered as readonly ComponentType<object>[]).map((Fill, index) => (
    <Fill key={index} {...props} />
  ));
}

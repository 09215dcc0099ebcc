import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

const contentClass =
  'z-50 min-w-[14rem] overflow-hidden rounded-2xl border border-line bg-surface-elevated p-1.5 text-fg shadow-elevated outline-none data-[state=open]:animate-pop-in';
const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-hover [&_svg]:size-[18px] [&_svg]:shrink-0 [&_svg]:text-fg-secondary';

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        // Keeps a menu off the screen's edge on a phone (the header's menus sit at its corners).
        collisionPadding={collisionPadding}
        className={cn(contentClass, className)}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(itemClass, className)} {...props} />;
}

/**
 * An on/off item (role menuitemcheckbox, its state in aria-checked): a switch at its end shows
 * the state, as a toggle button's pressed look does outside a menu.
 */
export function DropdownMenuCheckboxItem({
  className,
  children,
  checked,
  ...props
}: ComponentProps<typeof Menu.CheckboxItem>) {
  const isOn = checked === true;
  return (
    <Menu.CheckboxItem checked={checked} className={cn(itemClass, className)} {...props}>
      {children}
      <span
        aria-hidden
        className={cn(
          'ms-auto inline-flex h-5 w-8 shrink-0 items-center rounded-full transition-colors',
          isOn ? 'bg-accent' : 'bg-line-control',
        )}
      >
        <span
          className={cn(
            'size-4 rounded-full bg-white shadow-sm transition-transform',
            isOn ? 'translate-x-3.5 rtl:-translate-x-3.5' : 'translate-x-0.5 rtl:-translate-x-0.5',
          )}
        />
      </span>
    </Menu.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('truncate px-2.5 py-2 text-sm text-fg-secondary', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('mx-1 my-1 h-px bg-line', className)} {...props} />;
}

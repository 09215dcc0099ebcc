import { Button, type ButtonProps } from './button';
import { Tooltip } from './tooltip';

/** An icon-only button: its label is both the accessible name and the tooltip. */
export function IconButton({ label, tooltipSide, variant = 'ghost', size = 'icon', ...props }: ButtonProps & { label: string; tooltipSide?: 'top' | 'right' | 'bottom' | 'left' }) {
  return (
    <Tooltip content={label} side={tooltipSide}>
      <Button variant={variant} size={size} aria-label={label} {...props} />
    </Tooltip>
  );
}

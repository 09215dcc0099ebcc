import { useId } from 'react';
import { Switch } from '../../components/ui/switch';
import { FieldLabel } from './field-label';

/** An on/off parameter (resendFiles, thinking, promptCache) as a switch. */
export function SwitchRow({
  name,
  label,
  description,
  defaultValue,
  value,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  defaultValue: boolean;
  value: boolean | null;
  onChange(value: boolean | null): void;
}) {
  const id = useId();
  const isOn = value ?? defaultValue;
  return (
    <div className="flex items-center gap-3" data-testid={`parameter-${name}`}>
      <div className="min-w-0 flex-1">
        <FieldLabel
          htmlFor={id}
          label={label}
          description={description}
          isSet={value !== null}
          onReset={() => onChange(null)}
        />
      </div>
      <Switch id={id} isChecked={isOn} onCheckedChange={onChange} data-testid={`parameter-switch-${name}`} />
    </div>
  );
}

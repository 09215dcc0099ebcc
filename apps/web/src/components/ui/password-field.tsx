import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field';

/** A TextField for passwords with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('common');
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible((v) => !v)}
          className="focus-ring flex size-9 items-center justify-center rounded-lg text-fg-tertiary hover:bg-surface-hover hover:text-fg"
          aria-label={isVisible ? t('hide_password') : t('show_password')}
          aria-pressed={isVisible}
        >
          {isVisible ? <EyeOff className="size-[18px]" /> : <Eye className="size-[18px]" />}
        </button>
      }
    />
  );
}

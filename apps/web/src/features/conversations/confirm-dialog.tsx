import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  isPending?: boolean;
  tone?: 'danger' | 'primary';
  testId?: string;
}

/** A small "are you sure" dialog: a message, Cancel, and the action. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  isPending = false,
  tone = 'danger',
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={title} className="max-w-md" data-testid={testId}>
        <div className="px-6 pb-6">
          {children ? <div className="text-[15px] leading-relaxed text-fg-secondary">{children}</div> : null}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} data-testid="confirm-cancel">
              {t('cancel')}
            </Button>
            <Button variant={tone} onClick={onConfirm} isLoading={isPending} data-testid="confirm-action">
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

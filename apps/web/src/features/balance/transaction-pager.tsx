import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';

export function TransactionPager({
  page,
  totalPages,
  isBusy,
  onPage,
}: {
  page: number;
  totalPages: number;
  isBusy: boolean;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('balance');
  return (
    <div className="flex items-center justify-end gap-3 text-[13px] text-fg-tertiary" data-testid="transaction-pager">
      {totalPages > 1 ? (
        <div className="flex items-center gap-1">
          <span className="mr-1 tabular-nums" data-testid="transaction-page">
            {t('page_of', { page, total: totalPages })}
          </span>
          <IconButton
            label={t('previous_page')}
            size="icon-sm"
            variant="outline"
            disabled={isBusy || page <= 1}
            onClick={() => onPage(page - 1)}
            data-testid="transaction-prev"
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            label={t('next_page')}
            size="icon-sm"
            variant="outline"
            disabled={isBusy || page >= totalPages}
            onClick={() => onPage(page + 1)}
            data-testid="transaction-next"
          >
            <ChevronRight />
          </IconButton>
        </div>
      ) : null}
    </div>
  );
}

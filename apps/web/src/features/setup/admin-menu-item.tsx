import { ServerCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { ADMIN_HOME } from '../admin/admin-sections';
import { useIsAdmin } from './setup-queries';

/** The account menu's way into the Admin area; administrators only. */
export function AdminMenuItem() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <DropdownMenuItem onSelect={() => void navigate(ADMIN_HOME)} data-testid="admin-menu">
      <ServerCog aria-hidden />
      {t('menu_admin')}
    </DropdownMenuItem>
  );
}

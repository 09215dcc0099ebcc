import { LogOut, Settings } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useAuth } from '../auth/use-auth';
import { LazyTransactionHistoryDialog } from '../balance/lazy-transaction-history-dialog';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import { TransactionHistoryMenuItem } from '../balance/transaction-history-menu-item';
import { UserMenuBalance } from '../balance/user-menu-balance';
import { UserAvatar } from '../files/avatar/user-avatar';
import { LazySettingsDialog } from '../settings/lazy-settings-dialog';
import { AdminMenuItem } from '../setup/admin-menu-item';
import { useSettingsParam, type SettingsUrlTab } from '../subscriptions/use-settings-param';

/** The account button at the bottom of the sidebar: email, balance (when enabled), Settings, Log out (SPEC 2). */
export function UserMenu() {
  const { t } = useTranslation('nav');
  const { user, logout } = useAuth();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [settingsTab, setSettingsTab] = useState<SettingsUrlTab | undefined>();
  useSettingsParam(
    useCallback((tab: SettingsUrlTab) => {
      setSettingsTab(tab);
      setIsSettingsOpen(true);
    }, []),
  );
  if (!user) return null;
  const displayName = user.name || user.username || user.email;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className="focus-ring flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left transition-colors hover:bg-surface-hover data-[state=open]:bg-surface-hover"
          aria-label={t('user_menu')}
          data-testid="user-menu-trigger"
        >
          <UserAvatar name={displayName} src={user.avatar} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-fg">{displayName}</span>
            {user.name ? <span className="block truncate text-xs text-fg-tertiary">{user.email}</span> : null}
          </span>
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="start" className="w-[var(--radix-dropdown-menu-trigger-width)]">
          <DropdownMenuLabel data-testid="user-menu-email" title={user.email}>
            {user.email}
          </DropdownMenuLabel>
          <UserMenuBalance />
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setSettingsTab(undefined);
              setIsSettingsOpen(true);
            }}
          >
            <Settings aria-hidden />
            {t('settings')}
          </DropdownMenuItem>
          <TransactionHistoryMenuItem onOpen={() => setIsHistoryOpen(true)} />
          <AdminMenuItem />
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout()} data-testid="logout">
            <LogOut aria-hidden />
            {t('log_out')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <MountOnFirstOpen isOpen={isSettingsOpen}>
        <LazySettingsDialog isOpen={isSettingsOpen} onOpenChange={setIsSettingsOpen} initialTab={settingsTab} />
      </MountOnFirstOpen>
      <MountOnFirstOpen isOpen={isHistoryOpen}>
        <LazyTransactionHistoryDialog isOpen={isHistoryOpen} onOpenChange={setIsHistoryOpen} />
      </MountOnFirstOpen>
    </>
  );
}

import { Check, ChevronDown, KeyRound, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';
import { endpointLabel, sortedEndpoints, type ModelSelection } from './model-selection';

/** SPEC 2: the search box shows with more than 10 options. */
const SEARCH_THRESHOLD = 10;

/**
 * The header's model selector: endpoints, each with its models. The full selector (specs,
 * presets, agents) replaces it later; this one covers endpoint + model.
 */
export function ModelPicker({
  endpoints,
  models,
  selection,
  onSelect,
}: {
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  selection: ModelSelection | null;
  onSelect: (selection: ModelSelection) => void;
}) {
  const { t } = useTranslation('chat');
  const [query, setQuery] = useState('');
  const names = useMemo(() => (endpoints ? sortedEndpoints(endpoints) : []), [endpoints]);
  const total = names.reduce((n, name) => n + (models?.[name]?.length ?? 0), 0);
  const needle = query.trim().toLowerCase();
  const isLoading = !endpoints || !models;

  return (
    <DropdownMenu onOpenChange={(open) => !open && setQuery('')}>
      <DropdownMenuTrigger
        className="focus-ring flex h-10 min-w-0 items-center gap-1.5 rounded-xl px-3 text-[17px] font-semibold text-fg transition-colors hover:bg-surface-hover data-[state=open]:bg-surface-hover"
        data-testid="model-picker"
        aria-label={t('model.select')}
      >
        <span className="truncate" data-testid="model-picker-label">
          {selection ? selection.model : isLoading ? t('model.loading') : t('model.select')}
        </span>
        {selection && selection.endpoint !== 'openAI' ? (
          <span className="hidden truncate text-[15px] font-normal text-fg-secondary sm:inline">
            {endpointLabel(selection.endpoint, endpoints)}
          </span>
        ) : null}
        <ChevronDown className="size-4 shrink-0 text-fg-secondary" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        onCloseAutoFocus={(e) => e.preventDefault()}
        className="scrollbar-thin max-h-[min(70vh,520px)] w-72 overflow-y-auto"
        data-testid="model-menu"
      >
        {total > SEARCH_THRESHOLD ? (
          <div className="sticky -top-1.5 z-10 -mx-1.5 -mt-1.5 mb-1 border-b border-line bg-surface-elevated p-2">
            <div className="flex items-center gap-2 rounded-lg bg-surface-tertiary px-2.5">
              <Search className="size-4 text-fg-tertiary" aria-hidden />
              <input
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={(e) => e.stopPropagation()}
                placeholder={t('model.select')}
                className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-fg-tertiary"
                data-testid="model-search"
              />
            </div>
          </div>
        ) : null}
        {isLoading ? <DropdownMenuLabel>{t('model.loading')}</DropdownMenuLabel> : null}
        {!isLoading && total === 0 ? <DropdownMenuLabel>{t('model.none')}</DropdownMenuLabel> : null}
        {names.map((name, i) => {
          const list = (models?.[name] ?? []).filter(
            (m) => !needle || m.toLowerCase().includes(needle) || name.toLowerCase().includes(needle),
          );
          if (list.length === 0) return null;
          return (
            <div key={name} data-testid={`model-group-${name}`}>
              {i > 0 ? <DropdownMenuSeparator /> : null}
              <DropdownMenuLabel className="flex items-center gap-2 text-xs font-semibold tracking-wide text-fg-tertiary uppercase">
                {endpointLabel(name, endpoints)}
                {endpoints?.[name]?.userProvide ? (
                  <KeyRound className="size-3.5" aria-label={t('model.needs_key')} />
                ) : null}
              </DropdownMenuLabel>
              {list.map((model) => {
                const isSelected = selection?.endpoint === name && selection.model === model;
                return (
                  <DropdownMenuItem
                    key={model}
                    onSelect={() => onSelect({ endpoint: name, model })}
                    className={cn(isSelected && 'font-medium')}
                    data-testid="model-option"
                    data-endpoint={name}
                    data-model={model}
                  >
                    <span className="min-w-0 flex-1 truncate">{model}</span>
                    {isSelected ? <Check className="!text-fg" aria-hidden /> : null}
                  </DropdownMenuItem>
                );
              })}
            </div>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';
import type { AgentForm } from './agent-form';
import { BuilderSection } from './builder-fields';

function SwitchLine({
  label,
  hint,
  isChecked,
  onChange,
  isDisabled,
  testId,
}: {
  label: string;
  hint: string;
  isChecked: boolean;
  onChange(value: boolean): void;
  isDisabled: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-[13px] font-medium text-fg">
          {label}
        </label>
        <p className="mt-0.5 text-xs leading-snug text-fg-tertiary">{hint}</p>
      </div>
      <Switch id={id} isChecked={isChecked} onCheckedChange={onChange} disabled={isDisabled} data-testid={testId} />
    </div>
  );
}

/** Sharing (SPEC 6): with everyone when the role has SHARED_GLOBAL, and whether others may edit. */
export function SharingSection({
  form,
  onChange,
  isReadOnly,
  canShareGlobal,
}: {
  form: AgentForm;
  onChange(patch: Partial<AgentForm>): void;
  isReadOnly: boolean;
  canShareGlobal: boolean;
}) {
  const { t } = useTranslation('agents');
  return (
    <BuilderSection title={t('builder.sharing')} testId="agent-sharing-section">
      <div className="flex flex-col gap-3.5">
        {canShareGlobal ? (
          <SwitchLine
            label={t('builder.share_everyone')}
            hint={t('builder.share_everyone_hint')}
            isChecked={form.isSharedGlobally}
            onChange={(isSharedGlobally) => onChange({ isSharedGlobally })}
            isDisabled={isReadOnly}
            testId="agent-share-global"
          />
        ) : null}
        <SwitchLine
          label={t('builder.collaborative')}
          hint={t('builder.collaborative_hint')}
          isChecked={form.isCollaborative}
          onChange={(isCollaborative) => onChange({ isCollaborative })}
          isDisabled={isReadOnly}
          testId="agent-collaborative"
        />
      </div>
    </BuilderSection>
  );
}

import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import adminRoles from '../../../locales/en-US/admin-roles.json';
import { RoleFeatureCard } from './role-feature-card';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'admin-roles': adminRoles } },
    defaultNS: 'admin-roles',
    showSupportNotice: false,
  });
});

function render(granted: Record<string, boolean>, forcedBy?: string): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ul>
        <RoleFeatureCard role="USER" feature="PROMPTS" granted={granted} forcedBy={forcedBy} onChange={() => undefined} />
      </ul>
    </I18nextProvider>,
  );
}

/** The opening tag of a type's switch, and its attributes (the markup has no DOM to query here). */
function switchOf(html: string, type: string) {
  const tag = new RegExp(`<button[^>]*data-testid="role-permission-PROMPTS-${type}"[^>]*>`).exec(html)?.[0] ?? '';
  return {
    isChecked: /aria-checked="true"/.test(tag),
    isDisabled: /\sdisabled=""/.test(tag),
    label: /aria-label="([^"]*)"/.exec(tag)?.[1],
  };
}

describe('RoleFeatureCard', () => {
  it('shows each permission type as a switch in its stored state, labelled for the role', () => {
    const html = render({ USE: true, CREATE: false, SHARED_GLOBAL: true });
    expect(switchOf(html, 'USE')).toMatchObject({ isChecked: true, isDisabled: false });
    expect(switchOf(html, 'CREATE')).toMatchObject({ isChecked: false, isDisabled: false, label: 'Create — Prompts (Users)' });
    expect(switchOf(html, 'SHARED_GLOBAL').isChecked).toBe(true);
    expect(html).not.toContain('role-feature-forced');
  });

  it('locks the other types while "Use" is off', () => {
    const html = render({ USE: false, CREATE: true, SHARED_GLOBAL: false });
    expect(switchOf(html, 'USE').isDisabled).toBe(false);
    expect(switchOf(html, 'CREATE')).toMatchObject({ isChecked: true, isDisabled: true });
    expect(html).toContain('Needs “Use”');
  });

  it('says the config forces it off, whatever is stored, with the toggle named', () => {
    const html = render({ USE: true, CREATE: true, SHARED_GLOBAL: false }, 'prompts');
    expect(html).toMatch(/data-testid="role-feature-forced"[^>]*>.*Off in server config<\/span>/);
    expect(switchOf(html, 'USE')).toMatchObject({ isChecked: false, isDisabled: true });
    expect(switchOf(html, 'CREATE').isDisabled).toBe(true);
    expect(html).toMatch(/<code[^>]*>interface\.prompts: false<\/code>/);
  });
});

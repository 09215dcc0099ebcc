import { expect, type Locator } from '@playwright/test';

/**
 * Picks a value in the app's own select (apps/web/src/components/ui/select.tsx): its trigger is
 * a button (role combobox) that opens a list of options, each carrying `data-value`.
 */
export async function chooseOption(trigger: Locator, value: string): Promise<void> {
  await trigger.click();
  const list = trigger.page().getByRole('listbox');
  await expect(list).toBeVisible();
  await list.locator(`[role="option"][data-value="${value}"]`).click();
  await expect(list).toBeHidden();
  await expect(trigger).toHaveAttribute('data-value', value);
}

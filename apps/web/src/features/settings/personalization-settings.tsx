import { MemoriesSection } from '../memories/memories-section';
import { MemoryOptInRow } from '../memories/memory-opt-in-row';
import { useMemoryPermissions } from '../memories/use-memory-permissions';

/**
 * The Personalization tab (issue 41, LibreChat's): the user's "Use memory" switch (MEMORIES
 * OPT_OUT) and their memories. The tab shows only with MEMORIES USE and READ (settings-dialog.tsx).
 */
export function PersonalizationSettings() {
  const { canCreate, canUpdate, canOptOut } = useMemoryPermissions();
  return (
    <div data-testid="personalization-settings">
      {canOptOut ? <MemoryOptInRow /> : null}
      <MemoriesSection canCreate={canCreate} canUpdate={canUpdate} />
    </div>
  );
}

/** SPEC 9, Layout: table rows are estimated at 48 px, with an overscan of 10 rows. */
export const TABLE_ROW_PX = 48;
export const TABLE_OVERSCAN = 10;
/** The next page loads when the end is within 1.5 viewport heights. */
export const TABLE_NEXT_PAGE_VIEWPORTS = 1.5;

export function isTableNearEnd({
  scrollTop,
  clientHeight,
  scrollHeight,
}: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= TABLE_NEXT_PAGE_VIEWPORTS * clientHeight;
}

/** Items that can be bulk-deleted: those with a non-empty shareId (SPEC 5). */
export function deletableShareIds(items: readonly { shareId?: string | null }[]): string[] {
  return items.map((item) => item.shareId?.trim() ?? '').filter((id) => id.length > 0);
}

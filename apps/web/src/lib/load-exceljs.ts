/** exceljs is large: every export and upload loads it on first use (its own chunk), never with the page. */
export async function loadExcelJs() {
  const mod = await import('exceljs');
  return (mod as unknown as { default?: typeof mod }).default ?? mod;
}

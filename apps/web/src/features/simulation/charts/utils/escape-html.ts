/** Escapes text placed into ECharts' HTML tooltips (site group and cohort names are user data). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount shown as currency ('$1,234.50'); the code is ISO 4217 (falls back to plain 2 decimals). */
export function formatMoney(amount: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formats.set(currency, format);
  }
  return format.format(amount);
}

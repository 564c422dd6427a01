/** The Predict mark: a rising enrollment curve. Inline so it needs no extra request. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#ffffff" fillOpacity="0.15" />
      <path
        d="M6 23 L12 15 L17 19 L26 8"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="26" cy="8" r="2.5" fill="#8fd3ff" />
    </svg>
  );
}
